/// How a read may use the response cache. A load says which one through ``QueryTrace``; without a trace, reads use
/// ``cacheFirst``.
public enum ReadPolicy: Equatable, Sendable {
  /// A fresh entry answers and no request is sent; a stale one answers at once and is refreshed in the background
  /// (stale-while-revalidate); a miss goes to the network. A screen's first appearance reads this way.
  case cacheFirst
  /// The network answers; when it fails (refused, timed out, 5xx) and the cache has an entry, the entry answers,
  /// marked offline. Refresh and Retry read this way.
  case networkFirst
  /// Any entry answers whatever its age; a miss, or an entry a write invalidated (the server's data changed under
  /// it) with no optimistic change of a write laid over it, goes to the network first. The second pass of a stale-while-revalidate load reads the entries its refresh
  /// just wrote this way, and so does a loading screen's re-read when the data under it changed (FeatureKit's `.dataChanged`).
  case cacheOnly
  /// The network answers and the cache is not read (it is still written): `kumiki --fresh`.
  case networkOnly
}
