import Foundation
import Networking

/// How the query layer keys, tags and ages the responses of one API.
///
/// - Key: `GET <namespace> <path?query>`, the path taken relative to ``baseURL``, so the same API answers from the
///   cache whatever port it runs on today (the embedded fixture server's port changes at every launch).
/// - Tag: the first path segment under ``baseURL`` (`/profile_personal` → `profile_personal`, `/archive_items?q=…`
///   → `archive_items`). A successful write (any method but GET) invalidates its path's tag, so
///   `PATCH /profile_personal` makes the next read of `GET /profile_personal` go to the network.
/// - Max-age: ``maxAges`` by tag, else ``defaultMaxAge``.
public struct QueryCacheConfiguration: Sendable {
  /// The API's base URL.
  public var baseURL: URL
  /// What identifies the API in keys: its base URL, or a fixed name for the embedded server.
  public var namespace: String
  /// How long an answer is fresh when its endpoint has no max-age of its own.
  public var defaultMaxAge: Duration
  /// Max-age by tag (endpoint).
  public var maxAges: [String: Duration]
  /// `--fresh`: every read goes to the network (``Networking/ReadPolicy/networkOnly``), whatever its load asks.
  public var forceNetwork: Bool
  /// How a GET that failed transiently (unreachable, 5xx) is tried again: ``RetryPolicy/standard`` by default.
  public var retry: RetryPolicy
  /// How this app tells the user to resolve held outbox entry `id`, in its own words: how to send it again (Keep
  /// mine) and how to drop it unsent (Take theirs). The outbox's notice of a conflict says them (`Keep yours:
  /// <retry>; take theirs: <discard>.`), and why a write waits behind an unreadable entry (`held behind unreadable
  /// entry #3 (<discard> drops it)`: a queued write's reason, a round's `stopped`); the entries themselves keep words
  /// either app lists. By default the CLI's commands, `kumiki outbox retry ID` and `discard ID`.
  public var outboxActions: @Sendable (_ id: Int64) -> (retry: String, discard: String)

  /// A configuration for the API at `baseURL`; the namespace defaults to the base URL.
  public init(
    baseURL: URL, namespace: String? = nil, defaultMaxAge: Duration = .seconds(60),
    maxAges: [String: Duration] = [:], forceNetwork: Bool = false, retry: RetryPolicy = .standard,
    outboxActions: @escaping @Sendable (_ id: Int64) -> (retry: String, discard: String) = {
      ("kumiki outbox retry \($0)", "kumiki outbox discard \($0)")
    }
  ) {
    self.baseURL = baseURL
    self.namespace = namespace ?? baseURL.absoluteString
    self.defaultMaxAge = defaultMaxAge
    self.maxAges = maxAges
    self.forceNetwork = forceNetwork
    self.retry = retry
    self.outboxActions = outboxActions
  }

  /// The path and query of `request` under ``baseURL`` (`profile_personal`, `archive_items?q=curry`), percent-encoded
  /// as sent (a `%0A` in an id stays `%0A`: the outbox keeps this path and sends it again).
  func relativePath(of request: HTTPRequest) -> String {
    let url = request.resolvedURL ?? request.url
    let basePath = baseURL.path(percentEncoded: true)
    let base = basePath.hasSuffix("/") ? basePath : basePath + "/"
    var path = url.path(percentEncoded: true)
    if path.hasPrefix(base) {
      path.removeFirst(base.count)
    } else if path.hasPrefix("/") {
      path.removeFirst()
    }
    let query = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedQuery
    return query.map { "\(path)?\($0)" } ?? path
  }

  /// The cache key of a GET.
  public func key(for request: HTTPRequest) -> String {
    "GET \(namespace) \(relativePath(of: request))"
  }

  /// The tag of a request's path: its first segment under ``baseURL``.
  public func tag(for request: HTTPRequest) -> String {
    let path = relativePath(of: request)
    let end = path.firstIndex { $0 == "/" || $0 == "?" } ?? path.endIndex
    return String(path[..<end])
  }

  /// How long an answer to `request` stays fresh.
  public func maxAge(for request: HTTPRequest) -> Duration {
    maxAges[tag(for: request)] ?? defaultMaxAge
  }
}
