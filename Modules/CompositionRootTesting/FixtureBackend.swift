import FixtureData
import FixtureServer
import Foundation
import Synchronization

/// The fixture API as a test needs it: the real fixture server on a 5-digit port (frames replace the port with a
/// 5-character stand-in, which keeps the layout only when the lengths match), recording which collections were
/// requested.
public final class FixtureBackend: Sendable {
  /// The running server.
  public let server: FixtureServer
  private let requested = RequestLog()

  /// Starts a server on `database` (by default every feature's fixtures).
  public init(database: FixtureDatabase? = nil) async throws {
    let database = try database ?? FixtureDatabase.bundled
    var started: FixtureServer?
    for _ in 0..<20 {
      let server = try await FixtureServer.start(
        .init(
          port: 0, database: database,
          requestLog: { [requested] line in
            // "GET /name?query → 200 (1.0 ms)": the first path segment is the collection.
            let words = line.split(separator: " ")
            guard words.count > 1, let path = words[1].split(separator: "?").first,
              let name = path.split(separator: "/").first
            else { return }
            requested.append(String(name))
          }))
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
  public var requestedCollections: [String] { Array(Set(requested.names)).sorted() }

  /// `database` with every list emptied (singular resources kept): what an "empty" screen is drawn from.
  public static func emptied(_ database: FixtureDatabase) -> FixtureDatabase {
    FixtureDatabase(
      root: JSONObject(
        database.root.members.map { member in
          if case .array = member.value { (member.key, .array([])) } else { (member.key, member.value) }
        }))
  }

  /// Stops the server.
  public func shutdown() async { await server.shutdown() }
}

/// The collection names a server was asked for, in order.
final class RequestLog: Sendable {
  private let storage = Mutex<[String]>([])

  func append(_ name: String) { storage.withLock { $0.append(name) } }

  var names: [String] { storage.withLock { $0 } }
}
