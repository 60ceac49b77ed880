import Networking

/// Settings of the live libcurl client. The defaults suit the sample app; TLS verification is always on.
public struct CurlConfiguration: Sendable, Hashable {
  /// Kumiki's version, sent in the default `User-Agent`.
  public static let kumikiVersion = "0.1.0"

  /// The `User-Agent` header sent unless a request sets its own. Default `kumiki/<version>`.
  public var userAgent: String
  /// The time allowed to establish a connection (DNS, TCP and TLS). Default 10 s.
  public var connectTimeout: Duration
  /// The total time allowed for a request unless it sets ``Networking/HTTPRequest/timeout``. Default 30 s.
  public var timeout: Duration
  /// A transfer that receives nothing for this long is aborted as timed out. Whole seconds; default 30 s.
  public var stallTimeout: Duration
  /// The largest response body accepted, in bytes, after decompression. Larger bodies abort the transfer
  /// with ``Networking/HTTPError/responseTooLarge(_:limit:)``. Default 10 MiB.
  public var maxResponseSize: Int
  /// The most connections open to one host at a time (`CURLMOPT_MAX_HOST_CONNECTIONS`); further requests
  /// wait for a free connection. Default 128, so a fan-out of up to 128 requests runs at once. `0` = no limit.
  public var maxConnectionsPerHost: Int
  /// The most idle connections kept open for reuse (`CURLMOPT_MAXCONNECTS`). Default 128.
  public var connectionCacheSize: Int
  /// The most redirects followed (http and https only). Default 5; `0` disables following.
  public var maxRedirects: Int
  /// A PEM bundle of certificate authorities to trust instead of the system's, or `nil` for the system's.
  public var certificateAuthorities: String?
  /// User name and password sent to their origin only (taken out of an API URL's user info, so no URL the app
  /// shows, caches or records holds them), or `nil`.
  public var credentials: URLCredentials?

  /// Creates a configuration; every parameter has the default described on its property.
  public init(
    userAgent: String = "kumiki/\(CurlConfiguration.kumikiVersion)",
    connectTimeout: Duration = .seconds(10),
    timeout: Duration = .seconds(30),
    stallTimeout: Duration = .seconds(30),
    maxResponseSize: Int = 10 * 1024 * 1024,
    maxConnectionsPerHost: Int = 128,
    connectionCacheSize: Int = 128,
    maxRedirects: Int = 5,
    certificateAuthorities: String? = nil,
    credentials: URLCredentials? = nil
  ) {
    self.userAgent = userAgent
    self.connectTimeout = connectTimeout
    self.timeout = timeout
    self.stallTimeout = stallTimeout
    self.maxResponseSize = maxResponseSize
    self.maxConnectionsPerHost = maxConnectionsPerHost
    self.connectionCacheSize = connectionCacheSize
    self.maxRedirects = maxRedirects
    self.certificateAuthorities = certificateAuthorities
    self.credentials = credentials
  }
}

extension Duration {
  /// Whole milliseconds, at least 1 (libcurl reads 0 as "no limit"), at most `Int.max / 2`.
  var curlMilliseconds: Int {
    let (seconds, attoseconds) = components
    guard seconds >= 0 else { return 1 }
    guard seconds < Int64(Int.max / 2_000) else { return Int.max / 2 }
    return max(1, Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000))
  }
}
