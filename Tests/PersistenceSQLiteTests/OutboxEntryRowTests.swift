import Foundation
import GRDB
import Persistence
import PersistenceSQLite
import Testing

/// Rows of the `outbox` table that Kumiki did not write (another version, a hand edit, a damaged file), read back
/// from a real SQLite file: each reads as an unreadable entry saying why, beside the good ones, never a trap, and
/// can be discarded.
@Suite struct OutboxEntryRowTests {
  /// A database file with a good PATCH, then the raw row `values` (SQL literals for api, method, path, headers, body,
  /// createdAt, attempts, state, lastError, expected), then another good PATCH.
  static func database(
    _ values: String, in directory: TemporaryDirectory
  ) async throws -> (KumikiDatabase, good: [OutboxEntry]) {
    let path = directory.path("kumiki.sqlite")
    let database = try KumikiDatabase.open(path: path)
    let write = OutboxWrite(
      api: "embedded", method: .patch, path: "profile_personal",
      headers: [.init(name: "Content-Type", value: "application/json")], body: Data("{}".utf8),
      createdAt: Date(timeIntervalSinceReferenceDate: 800_000_000))
    let first = try await database.outbox.add(write)
    let raw = try DatabaseQueue(path: path)
    try await raw.write { db in
      try db.execute(
        sql: """
          INSERT INTO outbox (api, method, path, headers, body, createdAt, attempts, state, lastError, expected)
          VALUES (\(values))
          """)
    }
    try raw.close()
    let last = try await database.outbox.add(write)
    return (database, [first, last])
  }

  static let good =
    #"'embedded', 'PATCH', 'profile_personal', '[["Content-Type","application/json"]]', X'7B7D', "#
    + "800000000.0, 0, 'pending', NULL, NULL"

  /// Each hostile row and the start of why it is unreadable.
  static let cases: [(String, String)] = [
    // Item 4: a wrongly typed column trapped every command (SIGILL) before.
    (
      #"'embedded', 'PATCH', 'p', '[]', NULL, 'yesterday', 0, 'pending', NULL, NULL"#,
      "createdAt is text, not a time"
    ),
    (#"'embedded', 'PATCH', 'p', '[]', NULL, 1.0, 'many', 'pending', NULL, NULL"#, "attempts is text, not an integer"),
    (#"'embedded', 'PATCH', 'p', '[]', NULL, 1.0, -3, 'pending', NULL, NULL"#, "attempts is not a count"),
    (#"'embedded', 'PATCH', 'p', '[]', NULL, 1e300, 0, 'pending', NULL, NULL"#, "createdAt 1e+300 is not a time"),
    (#"'embedded', 'PATCH', X'FF', '[]', NULL, 1.0, 0, 'pending', NULL, NULL"#, "path is a blob, not text"),
    (#"'embedded', 'PATCH', 'p', '[]', 42, 1.0, 0, 'pending', NULL, NULL"#, "body is an integer, not bytes"),
    // Item 5: a state a newer Kumiki wrote.
    (
      #"'embedded', 'POST', 'p', '[]', NULL, 1.0, 0, 'held-for-review', NULL, NULL"#,
      "state 'held-for-review' is not one this version knows"
    ),
    // Item 8: a method or header that would reach the request line or headers.
    (
      "'embedded', 'PATCH' || char(13, 10) || 'X-Injected: 1', 'p', '[]', NULL, 1.0, 0, 'pending', NULL, NULL",
      #"method 'PATCH\u{d}\u{a}X-Injected: 1' is not one the outbox sends"#
    ),
    (#"'embedded', 'GET', 'p', '[]', NULL, 1.0, 0, 'pending', NULL, NULL"#, "method 'GET' is not one the outbox sends"),
    (
      "'embedded', 'PATCH', 'p' || char(13, 10) || 'Host: evil', '[]', NULL, 1.0, 0, 'pending', NULL, NULL",
      "path 'p\\u{d}\\u{a}Host: evil' holds a control character"
    ),
    (
      #"'embedded', 'PATCH', 'p', '[["X-A","1\r\nHost: evil"]]', NULL, 1.0, 0, 'pending', NULL, NULL"#,
      "header X-A's value '1\\u{d}\\u{a}Host: evil' holds a control character"
    ),
    (
      #"'embedded', 'PATCH', 'p', '[["Content-Length","0"]]', NULL, 1.0, 0, 'pending', NULL, NULL"#,
      "header Content-Length is set by the HTTP library"
    ),
    (
      #"'embedded', 'PATCH', 'p', '[["X A","1"]]', NULL, 1.0, 0, 'pending', NULL, NULL"#,
      "header name 'X A' is not a token"
    ),
    (#"'embedded', 'PATCH', 'p', '{"a":1}', NULL, 1.0, 0, 'pending', NULL, NULL"#, "headers is not a list of pairs"),
    (#"'embedded', 'PATCH', 'p', '[]', NULL, 1.0, 0, 'pending', NULL, X'00FF'"#, "expected is not a list of pairs"),
    // An expected change is a merge (an object); a list is not one (an earlier build's list change either).
    (
      #"'embedded', 'DELETE', 'p', '[]', NULL, 1.0, 0, 'pending', NULL, '[["p","[\"remove\",\"1\"]"]]'"#,
      "expected change for 'p' is not a JSON object (a merge)"
    ),
    (#"'embedded', 'PATCH', 'p', '[]', NULL, 1.0, 0, 'pending', NULL, '[["p","not json"]]'"#, "expected change for"),
    (#"'embedded', 'PATCH', 'p', '[]', NULL, 1.0, 0, 'pending', NULL, '[["p","\"text\""]]'"#, "expected change for"),
    (
      #"'embedded', 'PATCH', 'p', '[]', NULL, 1.0, 0, 'pending', NULL, '[["p\u001b[2J","{}"]]'"#,
      "expected change's path 'p\\u{1b}[2J' holds a control character"
    ),
  ]

  @Test(arguments: cases) func aHostileRowReadsAsUnreadableBesideTheGoodOnes(values: String, why: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (database, good) = try await Self.database(values, in: directory)
    defer { try? database.close() }
    for entries in [try await database.outbox.entries(), try await database.outbox.overview()] {
      #expect(entries.map(\.state) == [.pending, .unreadable, .pending])
      #expect(entries.map(\.id) == [good[0].id, good[0].id + 1, good[1].id])
      let broken = entries[1]
      #expect(broken.lastError?.hasPrefix(why) == true, "\(broken.lastError ?? "nil")")
      #expect(broken.headers.isEmpty && broken.body == nil && broken.expected.isEmpty)
      #expect(broken.line.hasPrefix("unreadable entry #\(broken.id): \(why)"))
    }
    #expect(try await database.outbox.entries().first == good[0])
    // Never begun: it is not pending.
    #expect(try await database.outbox.begin(good[0].id + 1) == nil)
    // Discarded like any other.
    #expect(try await database.outbox.remove(good[0].id + 1)?.state == .unreadable)
    #expect(try await database.outbox.entries() == good)
  }

  @Test func aGoodRowWrittenByHandReadsAsKumikiWroteIt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (database, good) = try await Self.database(Self.good, in: directory)
    defer { try? database.close() }
    let entries = try await database.outbox.entries()
    var middle = good[0]
    middle.id += 1
    #expect(entries == [good[0], middle, good[1]])
  }

  @Test func aWriteThatWouldReadBackUnreadableIsNotKept() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try KumikiDatabase.open(path: directory.path("kumiki.sqlite"))
    defer { try? database.close() }
    let created = Date(timeIntervalSinceReferenceDate: 800_000_000)
    let writes = [
      OutboxWrite(api: "embedded", method: .put, path: "a\nb", createdAt: created),
      OutboxWrite(
        api: "embedded", method: .put, path: "a", headers: [.init(name: "Host", value: "x")], createdAt: created),
      OutboxWrite(
        api: "embedded", method: .delete, path: "a/1", createdAt: created,
        expected: [.init(path: "a", merge: Data(#"["remove"]"#.utf8))]),
    ]
    let outbox = database.outbox
    for write in writes {
      var kept = true
      do {
        _ = try await outbox.add(write)
      } catch {
        kept = false
        #expect(error.description.contains("Nothing was written"))
      }
      #expect(!kept)
    }
    #expect(try await database.outbox.entries().isEmpty)
  }

  /// The `Idempotency-Key` column (issue 36, item 1) is input too: a key that is not 1 to 255 visible ASCII
  /// characters makes the row unreadable (it would reach a header), never a trap; a good key reads back as kept. (A
  /// number written there is stored as text: the column's affinity.)
  @Test(
    arguments: [
      ("X'FF'", "idempotencyKey is a blob, not text"),
      ("'two words'", "idempotencyKey 'two words' is not 1 to 255 visible ASCII characters"),
      ("'k' || char(13, 10) || 'X-Injected: 1'", "idempotencyKey 'k\\u{d}\\u{a}X-Injected: 1' is not 1 to 255"),
      ("''", "idempotencyKey '' is not 1 to 255"),
      ("printf('%.256c', 'k')", "idempotencyKey is 256 bytes long (at most 255)"),
    ])
  func aKeyThatIsNotOneMakesTheRowUnreadable(value: String, why: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let database = try KumikiDatabase.open(path: path)
    defer { try? database.close() }
    let kept = try await database.outbox.add(
      OutboxWrite(
        api: "embedded", method: .post, path: "notes", createdAt: Date(timeIntervalSinceReferenceDate: 800_000_000),
        idempotencyKey: "4a9c1e7e-5b1d-4f43-9a57-0c1f2d3e4b5a"))
    #expect(try await database.outbox.entries().map(\.idempotencyKey) == [kept.idempotencyKey])
    let raw = try DatabaseQueue(path: path)
    try await raw.write { try $0.execute(sql: "UPDATE outbox SET idempotencyKey = \(value)") }
    try raw.close()
    let entry = try #require(try await database.outbox.entries().first)
    #expect(entry.state == .unreadable)
    #expect(entry.idempotencyKey == nil)
    #expect(entry.lastError?.hasPrefix(why) == true, "\(entry.lastError ?? "nil")")
    #expect(try await database.outbox.remove(entry.id) != nil)
  }

  /// The write's `If-Match` is read back as it was kept, and a conflict the user keeps (set back to pending) loses it:
  /// sent without the condition. A column that is not one (a blob, a line break, too long) makes the row unreadable.
  @Test func theConditionIsKeptAndKeepMineClearsIt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try KumikiDatabase.open(path: directory.path("kumiki.sqlite"))
    defer { try? database.close() }
    let kept = try await database.outbox.add(
      OutboxWrite(
        api: "embedded", method: .patch, path: "notes/1",
        createdAt: Date(timeIntervalSinceReferenceDate: 800_000_000), ifMatch: #"W/"5a-1f2e""#))
    #expect(try await database.outbox.entries().map(\.ifMatch) == [#"W/"5a-1f2e""#])
    let conflict = try await database.outbox.update(kept.id, .conflict, "changed on the server since (412)", true)
    #expect(conflict?.state == .conflict)
    #expect(conflict?.ifMatch == #"W/"5a-1f2e""#)
    let mine = try await database.outbox.update(kept.id, .pending, "sent again by the user", false)
    #expect(mine?.ifMatch == nil)
    // A condition that would not read back as one is not kept.
    let broken = OutboxWrite(
      api: "embedded", method: .patch, path: "notes/1", createdAt: Date(), ifMatch: "W/\"a\"\r\nX: 1")
    do {
      _ = try await database.outbox.add(broken)
      Issue.record("a condition with a line break was kept")
    } catch {
      #expect(String(describing: error).contains("ifMatch"), "\(error)")
    }
    #expect(try await database.outbox.entries().count == 1)
  }

  @Test(
    arguments: [
      ("X'FF'", "ifMatch is a blob, not text"),
      ("'k' || char(13, 10) || 'X-Injected: 1'", "ifMatch 'k\\u{d}\\u{a}X-Injected: 1' is not 1 to 1024"),
      ("''", "ifMatch '' is not 1 to 1024"),
      ("printf('%.1025c', 'k')", "ifMatch is 1025 bytes long (at most 1024)"),
    ])
  func aConditionThatIsNotOneMakesTheRowUnreadable(value: String, why: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let database = try KumikiDatabase.open(path: path)
    defer { try? database.close() }
    _ = try await database.outbox.add(
      OutboxWrite(
        api: "embedded", method: .patch, path: "notes/1",
        createdAt: Date(timeIntervalSinceReferenceDate: 800_000_000), ifMatch: "*"))
    let raw = try DatabaseQueue(path: path)
    try await raw.write { try $0.execute(sql: "UPDATE outbox SET ifMatch = \(value)") }
    try raw.close()
    let entry = try #require(try await database.outbox.entries().first)
    #expect(entry.state == .unreadable)
    #expect(entry.ifMatch == nil)
    #expect(entry.lastError?.hasPrefix(why) == true, "\(entry.lastError ?? "nil")")
  }
}
