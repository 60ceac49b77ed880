/// How big the response cache may grow. When a write takes it past either bound, the least recently used entries
/// are removed until it fits.
public struct ResponseCacheLimits: Equatable, Sendable {
  /// The most entries kept.
  public var maxEntries: Int
  /// The most body bytes kept, all entries together.
  public var maxBytes: Int

  /// The defaults: 500 entries, 16 MiB of bodies.
  public init(maxEntries: Int = 500, maxBytes: Int = 16 << 20) {
    self.maxEntries = maxEntries
    self.maxBytes = maxBytes
  }
}
