/// The right to send the outbox's writes, held by one sender at a time across every process using the database
/// (``OutboxClient/lockSending``). While it is held, an entry found ``OutboxEntry/State/sending`` was left so by a
/// sender that died (kill -9, power loss): nobody else is sending it.
///
/// Released by ``release()`` or when the value goes away; a process that dies releases it too.
public final class OutboxSendLock: Sendable {
  private let unlock: @Sendable () -> Void

  /// A lock released by `unlock` (called once, by ``release()`` or `deinit`).
  public init(unlock: @escaping @Sendable () -> Void) {
    self.unlock = unlock
  }

  /// Releases the lock.
  public func release() { unlock() }

  deinit { unlock() }
}
