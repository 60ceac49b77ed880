import Foundation

/// One entry of the response cache: what the network answered to a GET, when, and what it is tagged with.
///
/// `key` identifies the request (the query layer builds it from the method, the API and the path with its query);
/// `url` is the URL actually fetched, for display. Validators (`ETag`, `Last-Modified`) are kept with the headers.
public struct CachedResponse: Equatable, Sendable {
  /// The request's identity in the cache.
  public var key: String
  /// The URL that was fetched.
  public var url: String
  /// The HTTP status (a 2xx: only successful answers are cached).
  public var status: Int
  /// The response headers, in order (name, value).
  public var headers: [HeaderField]
  /// The response body.
  public var body: Data
  /// When the network answered (or last confirmed it with a 304).
  public var fetchedAt: Date
  /// Tags a write invalidates (e.g. `profile_personal`).
  public var tags: [String]
  /// Whether a write invalidated the entry since: the next read goes to the network first.
  public var isInvalidated: Bool

  /// One header line.
  public struct HeaderField: Equatable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Creates an entry.
  public init(
    key: String, url: String, status: Int, headers: [HeaderField] = [], body: Data, fetchedAt: Date,
    tags: [String] = [], isInvalidated: Bool = false
  ) {
    self.key = key
    self.url = url
    self.status = status
    self.headers = headers
    self.body = body
    self.fetchedAt = fetchedAt
    self.tags = tags
    self.isInvalidated = isInvalidated
  }

  /// The value of the first header called `name` (case-insensitive).
  public func header(_ name: String) -> String? {
    headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }
}
