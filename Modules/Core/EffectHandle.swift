import Synchronization

/// A running effect: lets its owner cancel it. Cancelling sets a flag checked under the store's dispatch lock, so
/// nothing the effect sends afterwards reaches the reducer, and cancels the effect's task.
public final class EffectHandle: Sendable {
  let serial: UInt64
  let id: EffectID?
  /// Whether the effect waits for outside changes until cancelled (``Store/idle()`` does not wait for it).
  let isObservation: Bool
  private let cancelled = Atomic<Bool>(false)
  private let task = Mutex<Task<Void, Never>?>(nil)

  init(serial: UInt64, id: EffectID?, isObservation: Bool = false) {
    self.serial = serial
    self.id = id
    self.isObservation = isObservation
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  /// Cancels the effect. Idempotent; callable from any thread.
  public func cancel() {
    cancelled.store(true, ordering: .releasing)
    task.withLock { $0 }?.cancel()
  }

  func attach(_ task: Task<Void, Never>) {
    self.task.withLock { $0 = task }
    if isCancelled { task.cancel() }
  }
}
