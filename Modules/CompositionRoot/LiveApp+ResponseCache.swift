import Foundation
import Persistence
import PersistenceSQLite

extension LiveApp {
  /// What the response cache for this database holds (`kumiki cache status`). Opens only the cache file; an
  /// unreadable one is moved aside for an empty one and `notice` says so.
  /// - Throws: ``LaunchError/database(_:)`` when no location can be worked out, ``LaunchError/cache(_:)`` when the
  ///   file cannot be opened (or is not a cache), ``LaunchError/cacheIsDatabase(_:)``.
  public static func cacheStatus(
    databasePath: String?, environment: [String: String],
    notice: (String) -> Void = { _ in }
  ) async throws
    -> ResponseCacheStatus
  {
    let cache = try openCacheOnly(databasePath: databasePath, environment: environment, notice: notice)
    defer { cache.close() }
    do {
      return try await cache.client.status()
    } catch {
      throw LaunchError.cache(String(describing: error))
    }
  }

  /// Empties the response cache for this database (`kumiki cache clear`); saved items and settings are untouched.
  /// Returns the cache's location and how many entries were removed.
  public static func clearCache(
    databasePath: String?, environment: [String: String],
    notice: (String) -> Void = { _ in }
  ) async throws
    -> (location: String, removed: Int)
  {
    let cache = try openCacheOnly(databasePath: databasePath, environment: environment, notice: notice)
    defer { cache.close() }
    do {
      return (cache.location.displayPath, try await cache.client.clear())
    } catch {
      throw LaunchError.cache(String(describing: error))
    }
  }

  private static func openCacheOnly(
    databasePath: String?, environment: [String: String],
    notice: (String) -> Void = { _ in }
  ) throws
    -> ResponseCacheDatabase
  {
    let location: DatabaseLocation
    do {
      location = try DatabaseLocation.resolve(environment: environment, explicitPath: databasePath)
    } catch {
      throw LaunchError.database(String(describing: error))
    }
    do {
      let cache = try ResponseCacheDatabase.open(at: try cacheLocation(for: location, environment: environment))
      if let dropped = cache.droppedCorruptFile { notice(String(describing: dropped)) }
      return cache
    } catch let error as LaunchError {
      throw error
    } catch {
      throw LaunchError.cache(String(describing: error))
    }
  }

  /// Where the response cache for the database at `location` is (`KUMIKI_CACHE`, else beside it).
  /// - Throws: ``LaunchError/cacheIsDatabase(_:)`` when that is the database file, one of its `-wal`, `-shm` or
  ///   `-journal` files, or the embedded API's data or lock file (same path, or a link to it): the cache must never
  ///   open, move or migrate them.
  static func cacheLocation(
    for location: DatabaseLocation, environment: [String: String]
  ) throws(LaunchError) -> DatabaseLocation {
    let cache = location.responseCache(environment: environment)
    guard case .file(let databasePath) = location, case .file(let cachePath) = cache else { return cache }
    // The database, its companions (moving its WAL or index aside would corrupt it), the embedded API's data and
    // that file's lock: by path, and by file for links and other spellings.
    var taken = ["", "-wal", "-shm", "-journal"].map { databasePath + $0 }
    if let data = fixtureDataLocation(for: location) {
      let url = URL(fileURLWithPath: data)
      taken += [data, url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).lock").path]
    }
    var cacheFile = stat()
    let cacheExists = stat(cachePath, &cacheFile) == 0
    for path in taken {
      if path == cachePath { throw .cacheIsDatabase(cachePath) }
      var other = stat()
      if cacheExists, stat(path, &other) == 0, cacheFile.st_dev == other.st_dev, cacheFile.st_ino == other.st_ino {
        throw .cacheIsDatabase(cachePath)
      }
    }
    return cache
  }

  /// Puts the embedded API's data file back to the sample data (`kumiki fixtures reset`): runs
  /// `kumiki-api --db FILE --reset-db`, which refuses while a running app's embedded API serves the file.
  /// Returns the file's path. A file that did not load is kept beside it (`kumiki-api.json.corrupt-<time>`), and
  /// `notice` gets kumiki-api's line saying where.
  /// - Throws: ``LaunchError/database(_:)`` when no location can be worked out, ``LaunchError/fixtures(_:)`` with
  ///   kumiki-api's reason (the file is served by a running app, something other than a file is at its path, or an
  ///   in-memory database has none).
  public static func resetFixtures(
    databasePath: String?, environment: [String: String], notice: @Sendable (String) -> Void = { _ in }
  ) async throws -> String {
    let location: DatabaseLocation
    do {
      location = try DatabaseLocation.resolve(environment: environment, explicitPath: databasePath)
    } catch {
      throw LaunchError.database(String(describing: error))
    }
    guard let file = fixtureDataLocation(for: location) else {
      throw LaunchError.fixtures("an in-memory database has no embedded API data to reset")
    }
    createPrivateFolder(for: file)
    let binary = EmbeddedAPI.binaryPath(environment: environment)
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw LaunchError.fixtures("\(binary) not found: build it (make build APP=kumiki-api)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["--db", file, "--reset-db"]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      .replacingOccurrences(of: "kumiki-api: ", with: "")
    guard process.terminationStatus == 0 else { throw LaunchError.fixtures(text) }
    for line in text.split(separator: "\n") { notice(String(line)) }
    return file
  }
}
