import Synchronization

/// 0, 1, 2, … across threads.
public final class TickCounter: Sendable {
  private let count = Mutex(0)

  public init() {}

  /// The next number.
  public func next() -> Int {
    count.withLock { value in
      defer { value += 1 }
      return value
    }
  }
}
