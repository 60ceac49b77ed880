/// A live subscription. Call ``cancel()`` to stop receiving values; it is not cancelled on deinit, so a
/// subscription lives as long as its store unless cancelled.
public final class Subscription: Sendable {
  private let onCancel: StateLock<(@Sendable () -> Void)?>

  init(onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = StateLock(onCancel)
  }

  /// Stops delivery. Idempotent; callable from any thread, including from inside the subscriber.
  public func cancel() {
    let action = onCancel.withLock { value -> (@Sendable () -> Void)? in
      defer { value = nil }
      return value
    }
    action?()
  }
}
