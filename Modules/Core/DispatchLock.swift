#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The store's dispatch lock: a plain `pthread_mutex_t`, held for a whole dispatch (reducer and subscribers).
///
/// A pthread mutex rather than `Synchronization.Mutex` because ThreadSanitizer understands pthread mutexes, so
/// `swift test --sanitize=thread` can check the store's locking for real; the uncontended cost is the same.
final class DispatchLock: @unchecked Sendable {
  // @unchecked: the mutex is only touched through pthread calls, which synchronise themselves.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  @inline(__always)
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
