/// Thrown instead of an answer by a write (POST, PUT, PATCH, DELETE) that could not reach the API and was kept in
/// the app's outbox, to be sent later in order. It is not a failure: the change is pending. A mutation that
/// receives it lands in its queued state ("1 change waiting to send"); the CLI prints that it was queued on
/// standard error and exits 0.
///
/// Only the live query layer's outbox throws it; a client built without an outbox never does.
public struct WriteQueued: Error, Equatable, Sendable, CustomStringConvertible {
  /// The outbox entry that holds the write.
  public var id: Int64
  /// How many writes wait in the outbox now, this one included.
  public var pending: Int

  /// The error for outbox entry `id`, with `pending` writes waiting.
  public init(id: Int64, pending: Int) {
    self.id = id
    self.pending = pending
  }

  /// "Queued: 1 change waiting to send".
  public var description: String {
    "Queued: \(pending) \(pending == 1 ? "change" : "changes") waiting to send"
  }
}
