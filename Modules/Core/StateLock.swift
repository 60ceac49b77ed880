#if KUMIKI_TSAN
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif
#else
  import Synchronization
#endif

#if KUMIKI_TSAN
  /// The lock around the store's own bookkeeping (its effects, its subscriptions' cancellers) under ThreadSanitizer
  /// (`make tsan` builds with `-DKUMIKI_TSAN`): a `pthread_mutex_t`, whose locking ThreadSanitizer understands. Over
  /// `Synchronization.Mutex` (a futex it cannot see) it reported accesses made under the lock as races.
  final class StateLock<Value>: @unchecked Sendable {
    // @unchecked: `value` is only read or written between pthread_mutex_lock and pthread_mutex_unlock.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
      self.value = value
      mutex = .allocate(capacity: 1)
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
    }

    deinit {
      pthread_mutex_destroy(mutex)
      mutex.deinitialize(count: 1)
      mutex.deallocate()
    }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&value)
    }
  }
#else
  /// The lock around the store's own bookkeeping (its effects, its subscriptions' cancellers): a
  /// `Synchronization.Mutex`. ThreadSanitizer cannot see inside it, so `make tsan` swaps in a pthread variant (as
  /// for ``DispatchLock``).
  typealias StateLock<Value> = Mutex<Value>
#endif
