import Foundation
import Persistence
import PersistenceSQLite

extension LiveApp {
  /// What the response cache for this database holds (`kumiki cache status`). Opens only the cache file; an
  /// unreadable one is emptied and `notice` says so.
  /// - Throws: ``LaunchError/database(_:)`` when no location can be worked out or the file cannot be opened.
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
      throw LaunchError.database(String(describing: error))
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
      throw LaunchError.database(String(describing: error))
    }
  }

  private static func openCacheOnly(
    databasePath: String?, environment: [String: String],
    notice: (String) -> Void = { _ in }
  ) throws
    -> ResponseCacheDatabase
  {
    do {
      let location = try DatabaseLocation.resolve(environment: environment, explicitPath: databasePath)
      let cache = try ResponseCacheDatabase.open(at: location.responseCache(environment: environment))
      if let dropped = cache.droppedCorruptFile { notice(String(describing: dropped)) }
      return cache
    } catch {
      throw LaunchError.database(String(describing: error))
    }
  }
}
