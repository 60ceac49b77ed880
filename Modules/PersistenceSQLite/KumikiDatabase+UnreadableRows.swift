import GRDB
import Persistence

extension KumikiDatabase {
  /// One line for the user per saved item and feature state whose row cannot be read (another version, a hand edit,
  /// a damaged file), naming it and why; empty when every row reads. Such rows never trap and are never deleted: a
  /// saved item is left out of the saved list (`unsave` of its id still removes it), a feature state reads as none
  /// (the feature starts fresh; the row is archived when the feature saves). The apps show these lines as notices.
  /// The outbox shows its own unreadable entries (`OutboxEntry.State.unreadable`).
  public func unreadableRows() async throws(Persistence.PersistenceError) -> [String] {
    let path = location.displayPath
    return try await read("check the saved rows") { db in
      var lines: [String] = []
      for row in try Row.fetchAll(db, sql: "SELECT \(SavedItem.columns) FROM savedItem ORDER BY id") {
        let (item, problem) = SavedItem.decode(row)
        if let problem {
          lines.append(
            "saved item \(item.id) cannot be read (\(problem)): it is left out of the saved list and kept in \(path); "
              + "unsave \(item.id) removes it")
        }
      }
      let states = try Row.fetchAll(db, sql: "SELECT featureKey, version, data FROM featureState ORDER BY rowid")
      for row in states {
        guard let problem = Self.decodeFeatureState(row).problem else { continue }
        var reader = RowReader(row: row)
        let key = reader.text("featureKey", bound: 256, nonEmpty: false).map(RowReader.shown) ?? "(unnamed)"
        lines.append(
          "the saved state of \(key) cannot be read (\(problem)): the feature starts fresh, and the record is archived "
            + "when it saves")
      }
      return lines
    }
  }
}
