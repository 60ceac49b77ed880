import Synchronization

/// The right to send the outbox's writes, held by one sender at a time across every process using the database
/// (``OutboxClient/lockSending``). While it is held, an entry found ``OutboxEntry/State/sending`` was left so by a
/// sender that died (kill -9, power loss): nobody else is sending it.
///
/// Released by ``release()`` or when the value goes away, whichever comes first (the unlock runs once); a process
/// that dies releases it too.
public final class OutboxSendLock: Sendable {
  private let unlock: Mutex<(@Sendable () -> Void)?>

  /// A lock released by `unlock`, which runs at most once (``release()`` or `deinit`).
  public init(unlock: @escaping @Sendable () -> Void) {
    self.unlock = Mutex(unlock)
  }

  /// Releases the lock; later calls do nothing.
  public func release() {
    let once = unlock.withLock { unlock in
      defer { unlock = nil }
      return unlock
    }
    once?()
  }

  deinit { release() }
}
