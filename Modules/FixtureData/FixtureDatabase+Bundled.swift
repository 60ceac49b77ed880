import Foundation

extension FixtureDatabase {
  /// Where this module's `db.json` resource is, or `nil` when it is missing from the bundle. Servers only ever
  /// read it: copy it to serve a writable `db.json` (the fixture server's `Configuration.databaseFile`).
  public static var bundledURL: URL? {
    Bundle.module.url(forResource: "db", withExtension: "json")
  }

  private static let loadedBundle: Result<FixtureDatabase, FixtureDatabaseError> = Result {
    () throws(FixtureDatabaseError) -> FixtureDatabase in
    guard let url = bundledURL else {
      throw .missingBundledDatabase
    }
    return try FixtureDatabase(contentsOf: url)
  }

  /// The gourmet-magazine sample data shipped as this module's `db.json` resource, loaded once per process. Each
  /// server starting from it gets its own copy, which its writes change; fakes in feature suites read it too.
  /// - Throws: ``FixtureDatabaseError`` if the resource is missing or damaged.
  public static var bundled: FixtureDatabase {
    get throws(FixtureDatabaseError) { try loadedBundle.get() }
  }
}
