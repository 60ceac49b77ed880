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
  /// The store's dispatch lock under ThreadSanitizer (`make tsan` builds with `-DKUMIKI_TSAN`): a
  /// `pthread_mutex_t`, whose locking ThreadSanitizer understands, so it checks the store's exclusivity for real.
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
#else
  /// The store's dispatch lock, held for a whole dispatch (reducer and subscribers): a `Synchronization.Mutex`,
  /// whose uncontended lock and unlock are one atomic operation each — about 45 instructions per dispatch less than
  /// a pthread mutex (Benchmarks/README.md, "Store"). ThreadSanitizer cannot see inside it, so `make tsan` swaps in
  /// the pthread variant above.
  final class DispatchLock: Sendable {
    private let mutex = Mutex(())

    @inline(__always)
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
      mutex._unsafeLock()
      defer { mutex._unsafeUnlock() }
      return try body()
    }
  }
#endif
