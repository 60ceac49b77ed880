/// What a list query produced: the page of elements plus what goes into the paging headers.
public struct QueryResult: Sendable, Equatable {
  /// The elements to send, filtered, sorted and sliced.
  public var items: [JSONValue]
  /// The number of matching elements before slicing, for `X-Total-Count`; `nil` when the request had none of
  /// `_page`, `_limit`, `_end` (json-server sends the header only then).
  public var totalCount: Int?
  /// The page numbers for the `Link` header; `nil` unless `_page` was given and the page is non-empty.
  public var pageLinks: PageLinks?

  /// Creates a result.
  public init(items: [JSONValue], totalCount: Int? = nil, pageLinks: PageLinks? = nil) {
    self.items = items
    self.totalCount = totalCount
    self.pageLinks = pageLinks
  }
}
