#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The calling thread's identity, used to tell a re-entrant dispatch (same thread, inside a dispatch) from a
/// concurrent one (another thread, which must wait its turn). Never zero.
@inline(__always)
func currentThreadIdentity() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
