/// How much the outbox keeps: writes beyond these are refused (the write fails as it would without an outbox),
/// so a loop writing while offline cannot fill the disk.
public struct OutboxLimits: Equatable, Sendable {
  /// The most writes kept at once (every state counts).
  public var maxEntries: Int
  /// The largest body kept, in bytes.
  public var maxBodyBytes: Int

  /// 1,000 writes, 1 MiB bodies by default.
  public init(maxEntries: Int = 1000, maxBodyBytes: Int = 1 << 20) {
    self.maxEntries = maxEntries
    self.maxBodyBytes = maxBodyBytes
  }
}
