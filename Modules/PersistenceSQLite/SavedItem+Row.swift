import Foundation
import GRDB
import Persistence

extension SavedItem {
  /// The `savedItem` columns, in the order `databaseArguments` uses.
  static let columns = "id, category, dishName, shopName, introduction, photoURL, savedAt"

  /// The longest text column read, in bytes.
  static let maxTextBytes = 1 << 20

  /// Decodes a `savedItem` row, every column's type and bound checked (rows read from disk are input: another
  /// version, a hand edit, a damaged file); `savedAt` is stored as `timeIntervalSinceReferenceDate` so it round-trips
  /// exactly. Never traps: a row that is not what Kumiki writes comes back with `problem` saying why (the first thing
  /// wrong), and `item` holds what could be read (empty text and the reference date for the rest), for `unsave` to
  /// return; the saved list leaves such a row out.
  static func decode(_ row: Row) -> (item: SavedItem, problem: String?) {
    var reader = RowReader(row: row)
    let id = reader.integer("id", in: Int64(Int.min)...Int64(Int.max)) ?? 0
    func text(_ column: String) -> String {
      reader.text(column, bound: maxTextBytes, nonEmpty: false, controls: true) ?? ""
    }
    let item = SavedItem(
      id: id, category: text("category"), dishName: text("dishName"), shopName: text("shopName"),
      introduction: text("introduction"), photoURL: text("photoURL"),
      savedAt: reader.time("savedAt") ?? Date(timeIntervalSinceReferenceDate: 0))
    return (item, reader.problem)
  }

  /// The values for `columns`, in order.
  var databaseArguments: StatementArguments {
    [id, category, dishName, shopName, introduction, photoURL, savedAt.timeIntervalSinceReferenceDate]
  }
}
