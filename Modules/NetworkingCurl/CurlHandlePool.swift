import CCurl
import Synchronization

/// Reusable easy handles, so each request skips `curl_easy_init`. Connections are not lost with them: the
/// multi handle owns the connection cache.
///
/// A handle in the pool is used by nobody; `take()` hands it to exactly one owner, who gives it back through
/// `recycle(_:)` once libcurl is done with it.
final class CurlHandlePool: Sendable {
  /// Idle handles as addresses (`UInt` is `Sendable`; the pointers themselves are not).
  private let handles = Mutex<[UInt]>([])
  private let limit: Int

  /// A pool keeping at most `limit` idle handles.
  init(limit: Int) {
    self.limit = max(1, limit)
  }

  deinit {
    for address in handles.withLock({ $0 }) { kumiki_curl_easy_cleanup(UnsafeMutableRawPointer(bitPattern: address)) }
  }

  /// An idle handle with default options, or a new one; `nil` if libcurl cannot create one.
  func take() -> UnsafeMutableRawPointer? {
    handles.withLock { $0.popLast() }.flatMap { UnsafeMutableRawPointer(bitPattern: $0) } ?? kumiki_curl_easy_init()
  }

  /// Resets `handle` to default options and keeps it for reuse (or frees it if the pool is full).
  /// `handle` must not be attached to a multi handle.
  func recycle(_ handle: UnsafeMutableRawPointer) {
    kumiki_curl_easy_reset(handle)
    let address = UInt(bitPattern: handle)
    let kept = handles.withLock { handles in
      guard handles.count < limit else { return false }
      handles.append(address)
      return true
    }
    if !kept { kumiki_curl_easy_cleanup(handle) }
  }
}
