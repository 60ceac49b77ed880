import Foundation
import Persistence
import PersistenceSQLite
import Testing

/// An outbox entry names its change (`PATCH profile_personal (nickname)`): the keys of its JSON body when it was read
/// whole, of its expected changes in the overview (no body), bounded and without control characters, read back from
/// the live store and the fake alike.
@Suite struct OutboxEntryChangeTests {
  static func write(
    _ method: OutboxEntry.Method, _ path: String, body: String?, expected: [OutboxEntry.ExpectedChange] = []
  ) -> OutboxWrite {
    OutboxWrite(
      api: "embedded", method: method, path: path, headers: [.init(name: "Content-Type", value: "application/json")],
      body: body.map { Data($0.utf8) }, createdAt: Date(timeIntervalSinceReferenceDate: 800_000_000),
      lastError: "could not connect", expected: expected)
  }

  @Test(arguments: Backend.allCases) func theLineNamesTheChangedKeys(backend: Backend) async throws {
    let (outbox, cleanup) = try OutboxClientTests.make(backend)
    defer { cleanup() }
    let merge = OutboxEntry.ExpectedChange(path: "profile_personal", merge: Data(#"{"nickname":"N"}"#.utf8))
    _ = try await outbox.add(Self.write(.patch, "profile_personal", body: #"{"nickname":"N"}"#, expected: [merge]))
    _ = try await outbox.add(Self.write(.delete, "saved_items/3", body: nil))

    let whole = try await outbox.entries()
    #expect(
      whole.map(\.line) == [
        "1  pending  PATCH profile_personal (nickname)  (could not connect)",
        "2  pending  DELETE saved_items/3  (could not connect)",
      ])
    // The overview reads no body: the expected change names it.
    let overview = try await outbox.overview()
    #expect(overview.map(\.change) == ["PATCH profile_personal (nickname)", "DELETE saved_items/3"])
  }

  @Test func keysAreBoundedAndCleaned() {
    let body = #"{"e":1,"d":2,"c\u001b[2J":3,"b":4,"a":5,"\#(String(repeating: "k", count: 100))":6}"#
    let entry = OutboxEntry(
      id: 1, api: "embedded", method: .post, path: "notes", body: Data(body.utf8), createdAt: Date())
    #expect(entry.changedKeys == ["a", "b", "c[2J", "d", "+2 more"])
    let long = OutboxEntry(
      id: 1, api: "embedded", method: .put, path: "n",
      body: Data(#"{"\#(String(repeating: "k", count: 100))":1}"#.utf8),
      createdAt: Date())
    #expect(long.changedKeys == [String(repeating: "k", count: 29) + "..."])
  }

  @Test func aBodyThatIsNoObjectNamesNoKeys() {
    for body in ["[1,2]", "\"text\"", "not json", ""] {
      let entry = OutboxEntry(
        id: 1, api: "embedded", method: .post, path: "notes", body: Data(body.utf8), createdAt: Date())
      #expect(entry.change == "POST notes", "\(body)")
    }
  }
}
