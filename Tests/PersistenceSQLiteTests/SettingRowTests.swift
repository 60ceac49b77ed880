import Foundation
import GRDB
import Persistence
import PersistenceSQLite
import Testing

/// `setting` rows Kumiki did not write, read back from a real file: a value that is not bytes (an integer, a real
/// number, `NULL`) is a value that does not decode — `decodingFailed`, naming the key and why, kept as it is — never a
/// storage error or a trap; other keys read on.
@Suite struct SettingRowTests {
  @Test(arguments: [("42", "value is an integer, not bytes"), ("4.5", "value is a real number, not bytes")])
  func aValueThatIsNotBytesIsDecodingFailedAndKept(sql: String, why: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("kumiki.sqlite")
    let database = try KumikiDatabase.open(path: path)
    defer { try? database.close() }
    let settings = database.client.settings
    try await settings.set(SettingKey("name", default: ""), "Ada")
    try await HostileRows.edit(path) { db in
      try db.execute(sql: "INSERT INTO setting (key, value) VALUES ('count', \(sql))")
    }
    await #expect(throws: PersistenceError.decodingFailed(key: "count", reason: why)) {
      _ = try await settings.get(SettingKey("count", default: 0))
    }
    #expect(try await settings.get(SettingKey("name", default: "")) == "Ada")
    let raw = try DatabaseQueue(path: path)
    defer { try? raw.close() }
    let kept = try await raw.read { db in
      try String.fetchOne(db, sql: "SELECT typeof(value) FROM setting WHERE key = 'count'")
    }
    #expect(kept == (sql == "42" ? "integer" : "real"))
  }
}
