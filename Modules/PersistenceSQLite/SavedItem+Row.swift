import Foundation
import GRDB
import Persistence

extension SavedItem {
  /// The `savedItem` columns, in the order `init(row:)` and `databaseArguments` use.
  static let columns = "id, category, dishName, shopName, introduction, photoURL, savedAt"

  /// Decodes a `savedItem` row; `savedAt` is stored as `timeIntervalSinceReferenceDate` so it round-trips exactly.
  init(row: Row) {
    self.init(
      id: row["id"], category: row["category"], dishName: row["dishName"], shopName: row["shopName"],
      introduction: row["introduction"], photoURL: row["photoURL"],
      savedAt: Date(timeIntervalSinceReferenceDate: row["savedAt"]))
  }

  /// The values for `columns`, in order.
  var databaseArguments: StatementArguments {
    [id, category, dishName, shopName, introduction, photoURL, savedAt.timeIntervalSinceReferenceDate]
  }
}
