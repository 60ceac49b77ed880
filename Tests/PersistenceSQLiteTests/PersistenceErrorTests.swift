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
    .corruptCacheMovedAside(path: path, movedTo: path + ".corrupt-20250101T000000Z", reason: "not an SQLite file"),
    .notACache(path: path, reason: "it holds other tables: item"),
    .unwritableCache(path: path, reason: "read-only file system"),
    .cache(path: path, operation: "cache a response", message: "boom"),
  ]

  /// Cache problems name the cache and its variable, never the database's `--db`/`KUMIKI_DB`; a reason that ends
  /// in a full stop does not make a double one.
  @Test func cacheMessagesNameTheCacheAndItsVariable() {
    let unwritable = PersistenceError.unwritableCache(path: Self.path, reason: "You don’t have permission.")
    #expect(unwritable.description.contains("response cache"))
    #expect(unwritable.description.contains("KUMIKI_CACHE"))
    #expect(!unwritable.description.contains("KUMIKI_DB"))
    #expect(!unwritable.description.contains("--db"))
    #expect(!unwritable.description.contains(".."))
    #expect(!PersistenceError.unwritableLocation(path: Self.path, reason: "No space.").description.contains(".."))
    for error in [
      PersistenceError.cache(path: Self.path, operation: "cache a response", message: "boom."),
      .notACache(path: Self.path, reason: "r"),
    ] {
      #expect(!error.description.contains("Kumiki database"))
      #expect(!error.description.contains(".."))
    }
  }

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
