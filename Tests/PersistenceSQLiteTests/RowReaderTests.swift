import Foundation
import GRDB
import Testing

@testable import PersistenceSQLite

/// `RowReader`: every column read with its storage type and bound checked, the first problem kept, never a trap; and
/// no row of any table read another way.
@Suite struct RowReaderTests {
  /// A row of one column `x` holding `value`, as SQLite returns it.
  static func row(_ sql: String) throws -> Row {
    let queue = try DatabaseQueue()
    return try queue.read { db in try #require(try Row.fetchOne(db, sql: "SELECT \(sql) AS x")) }
  }

  @Test(arguments: [
    ("'text'", "x is text, not an integer"), ("NULL", "x is NULL, not an integer"),
    ("1.5", "x is a real number, not an integer"), ("X'00'", "x is a blob, not an integer"),
    ("1000", "x 1000 is out of range (0...999)"), ("-1", "x -1 is out of range (0...999)"),
  ])
  func anIntegerOfAnotherTypeOrOutOfRangeIsAProblem(sql: String, why: String) throws {
    var reader = RowReader(row: try Self.row(sql))
    #expect(reader.integer("x", in: 0...999) == nil)
    #expect(reader.problem == why)
  }

  @Test(arguments: [
    ("'now'", "x is text, not a time"), ("NULL", "x is NULL, not a time"), ("0.0 / 0.0", "x is NULL, not a time"),
    ("9e999", "x inf is not a time"), ("-9e999", "x -inf is not a time"), ("1e11", "x 100000000000.0 is not a time"),
    ("X'3132'", "x is a blob, not a time"),
  ])
  func aTimeThatIsNoTimeIsAProblem(sql: String, why: String) throws {
    var reader = RowReader(row: try Self.row(sql))
    #expect(reader.seconds("x") == nil)
    #expect(reader.problem == why)
  }

  @Test func goodValuesReadAndTheFirstProblemIsKept() throws {
    var reader = RowReader(row: try Self.row("12"))
    #expect(reader.integer("x", in: 0...999) == 12)
    #expect(reader.seconds("x") == 12)
    #expect(reader.boolean("x") == nil)
    #expect(reader.text("x", bound: 10) == nil)
    #expect(reader.problem == "x 12 is out of range (0...1)")
    #expect(reader.bytes("missing", bound: 10) == nil)
    #expect(reader.problem == "x 12 is out of range (0...1)")
    var text = RowReader(row: try Self.row("'{}'"))
    #expect(text.bytes("x", bound: 2) == Data("{}".utf8))
    #expect(text.bytes("x", bound: 1) == nil)
    #expect(text.problem == "x is 2 bytes long (at most 1)")
  }

  /// GRDB's `row["x"]`, `row[0]` and `$0["x"]` trap on a value they cannot convert (SIGILL): the module reads rows
  /// through `RowReader`, or subscripts them only as `DatabaseValue`, which every value is.
  @Test func noRowIsReadThroughATrappingSubscript() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Modules/PersistenceSQLite")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
    #expect(files.contains("RowReader.swift"))
    let trapping = try Regex(#"\b(row|totals)\??\[|\$0\??\[""#)
    var found: [String] = []
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where line.contains(trapping) && !line.contains("as DatabaseValue")
        && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
      {
        found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    #expect(found == [], "a row read through a trapping subscript")
  }
}
