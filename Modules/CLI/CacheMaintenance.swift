import FeatureKit
import Foundation

/// What `kumiki cache status|clear` does, given by the composition root: the CLI parses and prints, the app opens
/// only the response cache (no server, no database).
public struct CacheMaintenance: Sendable {
  /// What the cache holds.
  public struct Report: Equatable, Sendable {
    public var location: String
    public var entries: Int
    public var bytes: Int
    public var oldest: Date?
    public var newest: Date?
    public var maxEntries: Int
    public var maxBytes: Int

    public init(
      location: String, entries: Int, bytes: Int, oldest: Date?, newest: Date?, maxEntries: Int, maxBytes: Int
    ) {
      self.location = location
      self.entries = entries
      self.bytes = bytes
      self.oldest = oldest
      self.newest = newest
      self.maxEntries = maxEntries
      self.maxBytes = maxBytes
    }
  }

  /// Reads the cache's report for these options (`--db` decides where the cache is).
  public var status: @Sendable (CLIOptions) async throws -> Report
  /// Empties the cache; returns its location and how many entries were removed.
  public var clear: @Sendable (CLIOptions) async throws -> (location: String, removed: Int)

  public init(
    status: @escaping @Sendable (CLIOptions) async throws -> Report,
    clear: @escaping @Sendable (CLIOptions) async throws -> (location: String, removed: Int)
  ) {
    self.status = status
    self.clear = clear
  }
}
