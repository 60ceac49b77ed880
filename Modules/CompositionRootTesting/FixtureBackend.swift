import FixtureData
import FixtureServer
import Foundation

/// The fixture API as a test needs it: the real fixture server on a 5-digit port (frames replace the port with a
/// 5-character stand-in, which keeps the layout only when the lengths match), recording which collections were
/// requested.
public final class FixtureBackend: Sendable {
  /// The running server.
  public let server: FixtureServer
  private let log = ServerLog()

  /// Starts a server on `database` (by default every feature's fixtures), configured as `configuration` says
  /// (a scenario's latency, faults, emptied lists; its port when not 0, else a 5-digit one).
  public init(database: FixtureDatabase? = nil, configuration: FixtureServer.Configuration = .init()) async throws {
    let database = try database ?? FixtureDatabase.bundled
    var started: FixtureServer?
    for _ in 0..<(configuration.port == 0 ? 20 : 1) {
      var configuration = configuration
      configuration.database = database
      configuration.requestLog = { [log] line in log.append(line) }
      let server = try await FixtureServer.start(configuration)
      if server.port >= 10_000 {
        started = server
        break
      }
      await server.shutdown()
    }
    guard let started else { throw POSIXError(.EADDRNOTAVAIL) }
    server = started
  }

  /// The server's base URL.
  public var url: URL { server.baseURL }

  /// The collections requested so far, each once, sorted.
  public var requestedCollections: [String] { Array(Set(log.collections)).sorted() }

  /// Stops the server.
  public func shutdown() async { await server.shutdown() }
}
