import FixtureData
import FixtureServer

/// Starts a server for one test (on ``TestData``, see ``startServer(_:)``) and shuts it down afterwards, also when the
/// test throws.
@discardableResult
func withFixtureServer<T: Sendable>(
  _ configuration: FixtureServer.Configuration = FixtureServer.Configuration(),
  _ body: (FixtureServer) async throws -> T
) async throws -> T {
  let server = try await startServer(configuration)
  do {
    let result = try await body(server)
    await server.shutdown()
    return result
  } catch {
    await server.shutdown()
    throw error
  }
}

/// Parses a JSON literal written in a test.
func json(_ text: String) throws -> JSONValue {
  try JSONParser.parse(text)
}
