import Persistence
import Testing

@Suite struct PersistenceErrorTests {
  static let path = "/home/ada/.local/share/kumiki/kumiki.sqlite"

  static let errorsNamingTheFile: [PersistenceError] = [
    .unwritableLocation(path: path, reason: "read-only file system"),
    .corruptDatabaseMovedAside(path: path, movedTo: path + ".corrupt-20250101T000000Z", reason: "not a database"),
    .corruptDatabase(path: path, reason: "not a database"),
    .newerSchema(path: path, unknownMigrations: ["v9"]),
    .busy(path: path, operation: "save item 1"),
    .diskFull(path: path, operation: "save item 1"),
    .database(path: path, operation: "save item 1", message: "boom"),
  ]

  @Test(arguments: errorsNamingTheFile) func messagesNameTheFile(error: PersistenceError) {
    #expect(error.description.contains(Self.path))
    #expect(error.errorDescription == error.description)
  }

  @Test func messagesSayWhatWasKept() {
    let moved = PersistenceError.corruptDatabaseMovedAside(
      path: "/a.sqlite", movedTo: "/a.sqlite.corrupt-1", reason: "x")
    #expect(moved.description.contains("/a.sqlite.corrupt-1"))
    #expect(moved.description.contains("kept"))
    #expect(PersistenceError.decodingFailed(key: "k", reason: "r").description.contains("kept"))
    #expect(PersistenceError.encodingFailed(key: "k", reason: "r").description.contains("Nothing was written"))
  }
}
