import FeatureKit

/// The search results on screen: the pages loaded so far for one query, and the state of "load more".
public struct ArchiveResults: Equatable, Codable, Sendable {
  /// The state of loading the next page.
  public enum More: Equatable, Codable, Sendable {
    /// Nothing in flight (the "load more" row shows when ``ArchiveResults/hasMore``).
    case idle
    /// The next page is loading.
    case loading
    /// Loading the next page failed with this message; "load more" retries.
    case failed(String)
  }

  /// The conditions the results are for (their keyword is the one highlighted).
  public var query: ArchiveQuery
  /// The items loaded so far, in the API's order.
  public var items: [ArchiveItem]
  /// How many items match in all (`X-Total-Count`).
  public var total: Int
  /// The last page loaded (1-based).
  public var lastPage: Int
  /// Loading the next page.
  public var more: More

  /// Creates results.
  public init(query: ArchiveQuery, items: [ArchiveItem], total: Int, lastPage: Int, more: More = .idle) {
    self.query = query
    self.items = items
    self.total = total
    self.lastPage = lastPage
    self.more = more
  }

  /// The results holding exactly one page.
  public init(_ page: ArchivePage) {
    self.init(query: page.query, items: page.items, total: page.total, lastPage: page.page)
  }

  /// Puts `page`, a fresher answer for the page these results start with (a stale page refreshed in the
  /// background), in place of that page's items. Pages loaded after it with "load more" stay, less the items `page`
  /// now holds; the total is `page`'s, and ``lastPage`` and ``more`` are unchanged.
  mutating func refresh(with page: ArchivePage) {
    // A page followed by another is a full page; the last page loaded is all the items.
    let firstPageCount = lastPage > page.page ? min(ArchiveClient.pageSize, items.count) : items.count
    let fresh = Set(page.items.map(\.id))
    items = page.items + items.dropFirst(firstPageCount).filter { !fresh.contains($0.id) }
    total = page.total
  }

  /// Whether the API has pages after ``lastPage``.
  /// Whether the API has pages after ``lastPage`` (never past ``ArchiveClient/pages``, so asking for the next one
  /// cannot overflow, even for a page restored from a database edited by hand).
  public var hasMore: Bool {
    guard lastPage < ArchiveClient.pages.upperBound else { return false }
    return (BoundedNumber.multiplyAdd(lastPage, ArchiveClient.pageSize, 0) ?? Int.max) < total
  }
}
