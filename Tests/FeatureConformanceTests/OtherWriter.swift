import FixtureData
import FixtureServer
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The second writer of the matrix's `conflicting` state: behind the apps' back, it changes every item of the
/// server's data (a `PATCH` of each list item and each singular object, over HTTP as any client), so each item's
/// `ETag` differs from the one the apps read; and it finds which items a write changed.
enum OtherWriter {
  /// How many rounds of changes were made: each round writes a new value, so every round changes every item.
  private static let round = RoundCounter()

  /// Changes every item `server` serves: `{"changed_by_another_writer": N}` merged into it.
  static func changeEverything(on server: FixtureServer) async throws {
    let mark = round.next()
    let body = Data(#"{"changed_by_another_writer": \#(mark)}"#.utf8)
    // A session of the round's own, its connections closed when it ends: the matrix stops this server and starts the
    // next on its port.
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    for member in server.database.root.members {
      switch member.value {
      case .array(let items):
        for case .object(let item) in items {
          guard let id = item["id"]?.javaScriptText else { continue }
          try await patch(server, member.key + "/" + id, body, session)
        }
      case .object:
        try await patch(server, member.key, body, session)
      default:
        continue
      }
    }
  }

  /// The items that were in `before` and differ in `after`: `name/id` for a list's item, `name` for an object.
  static func changedItems(from before: FixtureDatabase, to after: FixtureDatabase) -> [String] {
    var changed: [String] = []
    for member in before.root.members {
      switch (member.value, after.root[member.key]) {
      case (.array(let old), .array(let new)?):
        let pairs = new.compactMap { item in item["id"].map { ($0.javaScriptText, item) } }
        let now = Dictionary(pairs) { first, _ in first }
        for item in old {
          guard let id = item["id"]?.javaScriptText, let current = now[id], current != item else { continue }
          changed.append(member.key + "/" + id)
        }
      case (.object(let old), .object(let new)?) where old != new:
        changed.append(member.key)
      default:
        continue
      }
    }
    return changed
  }

  private static func patch(
    _ server: FixtureServer, _ path: String, _ body: Data, _ session: URLSession
  )
    async throws
  {
    var request = URLRequest(url: server.baseURL.appending(path: path))
    request.httpMethod = "PATCH"
    request.httpBody = body
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    let (_, response) = try await session.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw OtherWriterFailed(path: path) }
  }
}

/// The other writer's change was not accepted.
struct OtherWriterFailed: Error {
  let path: String
}

/// A counter shared by the rounds.
final class RoundCounter: Sendable {
  private let value = Mutex(0)

  func next() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }
}
