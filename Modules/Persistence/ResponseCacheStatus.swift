import Foundation

/// What the response cache holds, for `kumiki cache status`.
public struct ResponseCacheStatus: Equatable, Sendable {
  /// Where the cache lives (a path, or `:memory:`).
  public var location: String
  /// How many entries it holds.
  public var entries: Int
  /// Their body bytes, all together.
  public var bytes: Int
  /// When the oldest and the newest entry were fetched; `nil` when empty.
  public var oldest: Date?
  public var newest: Date?
  /// The bounds it is kept within.
  public var limits: ResponseCacheLimits

  public init(
    location: String, entries: Int, bytes: Int, oldest: Date? = nil, newest: Date? = nil,
    limits: ResponseCacheLimits
  ) {
    self.location = location
    self.entries = entries
    self.bytes = bytes
    self.oldest = oldest
    self.newest = newest
    self.limits = limits
  }
}
