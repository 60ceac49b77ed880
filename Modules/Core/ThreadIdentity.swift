#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The calling thread's identity, used to tell a re-entrant dispatch (same thread, inside a dispatch) from a
/// concurrent one (another thread, which must wait its turn). Never zero.
///
/// Opaque to the optimiser on purpose: `pthread_self` is declared `const`, so once a store call is inlined into an
/// async function (cross-module optimisation does it to `AppRuntime.launch`), LLVM may reuse the identity read
/// before an `await` after it, on another thread — the store then takes its own lock again ("Recursive call to
/// lock Mutex", seen in release builds launching with persisted state).
@inline(never)
@_optimize(none)
func currentThreadIdentity() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
