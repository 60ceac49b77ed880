import Foundation
import GRDB
import Persistence
import PersistenceSQLite
import Testing

/// `savedItem` rows that Kumiki did not write (another version, a hand edit, a damaged file), read back from a real
/// SQLite file: each is left out of the saved list, beside the good ones, left in the file untouched, never a trap;
/// `unsave` of its id still removes it. Before the fix, listing such a row trapped the process (SIGILL, exit 132).
@Suite struct SavedItemRowTests {
  static let hostileID = 7

  /// A database file with good items 1 and 9, the savedItem table loosened (columns untyped, so each value is
  /// stored as written), then the row `values` (SQL literals for category, dishName, shopName, introduction,
  /// photoURL, savedAt) with id ``hostileID``.
  static func database(_ values: String, in directory: TemporaryDirectory) async throws -> KumikiDatabase {
    let path = directory.path("kumiki.sqlite")
    let database = try KumikiDatabase.open(path: path)
    try await database.savedItems.save(item(1))
    try await database.savedItems.save(item(9))
    try await HostileRows.edit(path) { db in
      try HostileRows.loosen("savedItem", primaryKey: "id INTEGER PRIMARY KEY", in: db)
      try db.execute(
        sql: "INSERT INTO savedItem (\(Self.columns)) VALUES (\(Self.hostileID), \(values))")
    }
    return database
  }

  static let columns = "id, category, dishName, shopName, introduction, photoURL, savedAt"
  static let text = "'ramen', 'Dish', 'Shop', 'Intro', 'https://example.com/p.jpg'"

  /// Each hostile row and the start of why it is unreadable.
  static let cases: [(String, String)] = [
    ("\(text), 'yesterday'", "savedAt is text, not a time"),
    ("\(text), NULL", "savedAt is NULL, not a time"),
    ("\(text), 0.0 / 0.0", "savedAt is NULL, not a time"),  // NaN: SQLite stores it as NULL
    ("\(text), 9e999", "savedAt inf is not a time"),
    ("\(text), -9e999", "savedAt -inf is not a time"),
    ("\(text), 1e300", "savedAt 1e+300 is not a time"),
    ("\(text), X'00FF'", "savedAt is a blob, not a time"),
    ("42, 'Dish', 'Shop', 'Intro', 'u', 1.0", "category is an integer, not text"),
    ("'ramen', 4.5, 'Shop', 'Intro', 'u', 1.0", "dishName is a real number, not text"),
    ("'ramen', X'FF00FE', 'Shop', 'Intro', 'u', 1.0", "dishName is a blob, not text"),
    ("'ramen', 'Dish', NULL, 'Intro', 'u', 1.0", "shopName is NULL, not text"),
    (
      "'ramen', 'Dish', 'Shop', printf('%.*c', 2000000, 'x'), 'u', 1.0",
      "introduction is 2000000 bytes long (at most 1048576)"
    ),
    ("'ramen', 'Dish', 'Shop', 'Intro', 9223372036854775807, 1.0", "photoURL is an integer, not text"),
  ]

  @Test(arguments: cases) func aHostileRowIsLeftOutOfTheListAndKept(values: String, why: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try await Self.database(values, in: directory)
    defer { try? database.close() }
    let saved = database.savedItems
    #expect(try await saved.list() == [item(9), item(1)])
    var observation = saved.observe().makeAsyncIterator()
    #expect(try await next(&observation) == [item(9), item(1)])
    // Still there, untouched: not provably ours to drop.
    #expect(try await saved.contains(Self.hostileID))
    #expect(try await saved.allIDs() == [1, Self.hostileID, 9])
    let lines = try await database.unreadableRows()
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("saved item \(Self.hostileID) cannot be read (\(why)") == true, "\(lines)")
    #expect(lines.first?.contains("unsave \(Self.hostileID) removes it") == true)
    // Saving other items goes on; unsave of the unreadable one removes it, and says what could be read.
    try await saved.save(item(3))
    #expect(try await saved.unsave(Self.hostileID)?.id == Self.hostileID)
    #expect(try await saved.contains(Self.hostileID) == false)
    #expect(try await saved.list() == [item(9), item(3), item(1)])
    #expect(try await database.unreadableRows() == [])
  }

  @Test func aGoodRowWrittenByHandIsListedAsKumikiWroteIt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try await Self.database("'ramen', 'Dish', 'Shop', 'Intro', 'u', 7", in: directory)
    defer { try? database.close() }
    let written = SavedItem(
      id: 7, category: "ramen", dishName: "Dish", shopName: "Shop", introduction: "Intro", photoURL: "u",
      savedAt: Date(timeIntervalSinceReferenceDate: 7))
    #expect(try await database.savedItems.list() == [item(9), written, item(1)])
    #expect(try await database.unreadableRows() == [])
  }

  /// Text that is not UTF-8 is read with the bad bytes replaced (U+FFFD), shown like any other text, never a trap.
  @Test func textThatIsNotUTF8IsReadRepaired() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try await Self.database(
      "'ramen', CAST(X'41FF42' AS TEXT), 'Shop', 'Intro', 'u', 7.5", in: directory)
    defer { try? database.close() }
    let listed = try await database.savedItems.list()
    #expect(listed.map(\.id) == [9, 7, 1])
    #expect(listed.dropFirst().first?.dishName.hasPrefix("A") == true)
    #expect(listed.dropFirst().first?.dishName.contains("\u{FFFD}") == true)
  }
}
