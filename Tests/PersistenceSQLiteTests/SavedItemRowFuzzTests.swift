import CoreTesting
import Foundation
import GRDB
import Persistence
import PersistenceSQLite
import Testing

/// Random and hostile `savedItem` rows — wrong types, NULLs, NaN and infinite times, huge values, blobs, text that is
/// not UTF-8 — written into a real SQLite file (the table loosened, so each value is stored as written) beside good
/// ones, then listed, observed, checked and unsaved. Invariants: nothing traps; every row is either listed or named
/// by `unreadableRows()`, never both; a good row is listed as written; every id stays in `allIDs` until `unsave`,
/// which removes any row.
///
/// Bounded: it stops after ``budget`` or ``iterations`` databases. The seed is printed; `KUMIKI_FUZZ_SEED=<n>` runs
/// the same rows again (a failure names its seed and iteration).
@Suite struct SavedItemRowFuzzTests {
  static let budget: Duration = .seconds(10)
  static let iterations = 60

  static let seed: UInt64 = {
    if let text = ProcessInfo.processInfo.environment["KUMIKI_FUZZ_SEED"], let seed = UInt64(text) { return seed }
    return UInt64.random(in: 0...UInt64.max)
  }()

  @Test func hostileRowsNeverTrapAndAreEitherListedOrNamed() async throws {
    print("SavedItemRowFuzzTests: seed \(Self.seed) (KUMIKI_FUZZ_SEED=\(Self.seed) runs these rows again)")
    var random = SplitMix64(seed: Self.seed)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: Self.budget)
    var count = 0
    var (listed, named) = (0, 0)
    while count < Self.iterations && clock.now < deadline {
      count += 1
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let path = directory.path("kumiki.sqlite")
      let database = try KumikiDatabase.open(path: path)
      defer { try? database.close() }
      var rows: [Int: (values: [DatabaseValue], good: Bool)] = [:]
      for id in 1...Int.random(in: 1...6, using: &random) {
        rows[id] = Self.row(id: id, using: &random)
      }
      let inserted = rows
      try await HostileRows.edit(path) { db in
        try HostileRows.loosen("savedItem", primaryKey: "id INTEGER PRIMARY KEY", in: db)
        for (id, row) in inserted {
          try db.execute(
            sql: "INSERT INTO savedItem (\(SavedItemRowTests.columns)) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: StatementArguments([id.databaseValue] + row.values))
        }
      }
      let where_ = "seed \(Self.seed), iteration \(count), rows \(rows.mapValues(\.values))"
      let saved = database.savedItems
      let list = try await saved.list()
      var observation = saved.observe().makeAsyncIterator()
      #expect(try await next(&observation) == list, "\(where_)")
      let lines = try await database.unreadableRows()
      #expect(try await saved.allIDs() == Set(rows.keys), "\(where_)")
      for (id, row) in rows {
        let isListed = list.contains { $0.id == id }
        let isNamed = lines.contains { $0.hasPrefix("saved item \(id) cannot be read (") }
        #expect(isListed != isNamed, "item \(id): listed \(isListed), named \(isNamed): \(where_)")
        if row.good { #expect(isListed, "good item \(id): \(where_)") }
      }
      #expect(lines.count == rows.count - list.count, "\(lines): \(where_)")
      listed += list.count
      named += lines.count
      for id in rows.keys { #expect(try await saved.unsave(id)?.id == id, "\(where_)") }
      #expect(try await saved.allIDs().isEmpty, "\(where_)")
      #expect(try await database.unreadableRows().isEmpty, "\(where_)")
    }
    print("SavedItemRowFuzzTests: \(count) databases (seed \(Self.seed)): \(listed) listed, \(named) named unreadable")
    #expect(listed > 0 && named > 0, "the rows were all good or all broken: the fuzzer tests nothing")
  }

  /// One row's values (category, dishName, shopName, introduction, photoURL, savedAt): a good row two times in five,
  /// else one with one to three hostile columns (which may still be good values).
  static func row(id: Int, using random: inout SplitMix64) -> (values: [DatabaseValue], good: Bool) {
    var row: [DatabaseValue] = [
      "ramen".databaseValue, "Dish \(id)".databaseValue, "Shop".databaseValue, "Intro\n\u{1B}[2J".databaseValue,
      "https://example.com/\(id).jpg".databaseValue, Double(id).databaseValue,
    ]
    guard Int.random(in: 0..<5, using: &random) >= 2 else { return (row, true) }
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      row[Int.random(in: 0..<row.count, using: &random)] = hostile(using: &random)
    }
    return (row, false)
  }

  static func hostile(using random: inout SplitMix64) -> DatabaseValue {
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return .null
    case 1: return pick([0, -1, Int64.max, Int64.min], &random).databaseValue
    case 2: return pick([0.5, -1e300, 1e300, 1e11, -0.0, .infinity, -.infinity], &random).databaseValue
    case 3:
      let bytes = (0..<Int.random(in: 0...48, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
      return Data(bytes + [0xFF, 0xFE]).databaseValue
    case 4:
      let unit = pick(["a", "\r\n", "é", "\u{202E}"], &random)
      return String(repeating: unit, count: Int.random(in: 1_000...400_000, using: &random)).databaseValue
    default: return pick(["", "yesterday", "NaN", "1e999", "\u{0}", "1.5"], &random).databaseValue
    }
  }

  static func pick<T>(_ values: [T], _ random: inout SplitMix64) -> T {
    values[Int.random(in: 0..<values.count, using: &random)]
  }
}
