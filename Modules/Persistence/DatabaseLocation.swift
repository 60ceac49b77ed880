import Foundation

/// Where the Kumiki database lives: a file, or memory (tests, throwaway runs).
public enum DatabaseLocation: Equatable, Sendable {
  /// A database file at an absolute path.
  case file(path: String)
  /// A private in-memory database that disappears when closed.
  case inMemory

  /// The environment variable that overrides the database path (the `--db PATH` option takes precedence over it).
  public static let environmentKey = "KUMIKI_DB"
  /// The value of `--db` or `KUMIKI_DB` that selects an in-memory database.
  public static let inMemoryName = ":memory:"
  /// The database's file name inside the data directory.
  public static let fileName = "kumiki.sqlite"

  /// Resolves the database location the apps use.
  ///
  /// Precedence: `explicitPath` (`--db PATH`), then `environment["KUMIKI_DB"]`, then
  /// `$XDG_DATA_HOME/kumiki/kumiki.sqlite`, then `$HOME/.local/share/kumiki/kumiki.sqlite`. Empty values count as
  /// unset; a relative `XDG_DATA_HOME` is ignored, as the XDG spec requires. A relative `--db`/`KUMIKI_DB` path is
  /// made absolute against `currentDirectory`. The value `:memory:` selects an in-memory database.
  /// Nothing is created on disk here; opening the database does that.
  /// - Throws: `PersistenceError.noDataDirectory` when no location can be worked out.
  public static func resolve(
    environment: [String: String], explicitPath: String? = nil,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws(PersistenceError) -> DatabaseLocation {
    func nonEmpty(_ value: String?) -> String? {
      guard let value, !value.isEmpty else { return nil }
      return value
    }
    if let path = nonEmpty(explicitPath) ?? nonEmpty(environment[environmentKey]) {
      if path == inMemoryName { return .inMemory }
      return .file(path: absolute(path, against: currentDirectory))
    }
    if let dataHome = nonEmpty(environment["XDG_DATA_HOME"]), dataHome.hasPrefix("/") {
      return .file(path: join(dataHome, "kumiki", fileName))
    }
    if let home = nonEmpty(environment["HOME"]), home.hasPrefix("/") {
      return .file(path: join(home, ".local/share/kumiki", fileName))
    }
    throw .noDataDirectory
  }

  /// The file path, or `:memory:` for an in-memory database; for messages.
  public var displayPath: String {
    switch self {
    case .file(let path): path
    case .inMemory: Self.inMemoryName
    }
  }

  fileprivate static func absolute(_ path: String, against directory: String) -> String {
    path.hasPrefix("/") ? path : join(directory, path)
  }

  private static func join(_ components: String...) -> String {
    URL(fileURLWithPath: components[0]).appendingPathComponent(components.dropFirst().joined(separator: "/"))
      .standardizedFileURL.path
  }
}

extension DatabaseLocation {
  /// The environment variable that puts the response cache somewhere else (`:memory:` keeps it in memory).
  public static let cacheEnvironmentKey = "KUMIKI_CACHE"

  /// Where the response cache lives for a database here: `KUMIKI_CACHE` when set, else beside the database with
  /// `-cache` before the extension (`kumiki.sqlite` → `kumiki-cache.sqlite`); in memory for an in-memory database.
  /// A file of its own, so dropping a corrupt cache never touches saved items or settings.
  public func responseCache(
    environment: [String: String], currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> DatabaseLocation {
    if let path = environment[Self.cacheEnvironmentKey], !path.isEmpty {
      if path == Self.inMemoryName { return .inMemory }
      return .file(path: Self.absolute(path, against: currentDirectory))
    }
    switch self {
    case .inMemory:
      return .inMemory
    case .file(let path):
      let url = URL(fileURLWithPath: path)
      let stem = url.deletingPathExtension().lastPathComponent
      let suffix = url.pathExtension.isEmpty ? "" : ".\(url.pathExtension)"
      return .file(path: url.deletingLastPathComponent().appendingPathComponent("\(stem)-cache\(suffix)").path)
    }
  }
}
