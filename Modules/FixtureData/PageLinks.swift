/// The page numbers json-server advertises in a `Link` header for `_page` requests.
///
/// `first`, `current` and `last` are set only when the page holds fewer than all matching elements; `prev` when
/// the page is after the first; `next` when elements remain after it.
public struct PageLinks: Sendable, Equatable {
  /// The requested page (after clamping to at least 1).
  public var current: Int?
  /// Always 1 when set.
  public var first: Int?
  /// The page before `current`.
  public var prev: Int?
  /// The page after `current`.
  public var next: Int?
  /// The last non-empty page.
  public var last: Int?

  /// Creates page links.
  public init(current: Int? = nil, first: Int? = nil, prev: Int? = nil, next: Int? = nil, last: Int? = nil) {
    self.current = current
    self.first = first
    self.prev = prev
    self.next = next
    self.last = last
  }

  /// The `Link` header value for a request whose full URL was `requestURL`, built as json-server does: each
  /// relation's URL is `requestURL` with the first `page=<current>` replaced by `page=<n>`; relations are listed
  /// first, prev, next, last as `<url>; rel="name"` separated by `, `. `nil` when there is no relation.
  public func linkHeader(requestURL: String) -> String? {
    let currentText = "page=" + (current.map(String.init) ?? "undefined")
    let relations: [(String, Int?)] = [("first", first), ("prev", prev), ("next", next), ("last", last)]
    let links = relations.compactMap { name, page -> String? in
      guard let page else { return nil }
      var url = requestURL
      if let range = url.firstRange(of: currentText) {
        url.replaceSubrange(range, with: "page=\(page)")
      }
      return "<\(url)>; rel=\"\(name)\""
    }
    return links.isEmpty ? nil : links.joined(separator: ", ")
  }
}
