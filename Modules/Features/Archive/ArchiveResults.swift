import FeatureKit
import LoadingScreenKit

/// The search results on screen: the pages loaded so far for one query — the content of the search's
/// ``LoadingScreenKit/ScreenLoad`` (``ArchiveFeature/State/load``), made from the first page a search answers.
///
/// It is the loading kit's keyed, paged content: its ``key(of:)`` is a page's query, so a page for conditions the
/// user has left is dropped; ``append(_:)`` adds the page after ``lastPage`` ("load more"); ``update(with:)`` takes
/// the refreshed answer for the page the results start with. An answer with nothing in it is shown as results too
/// (``matchesNothing``), since the screen and `--json` say which conditions matched nothing.
public struct ArchiveResults: LoadableContent {
  /// The conditions the results are for (their keyword is the one highlighted).
  public var query: ArchiveQuery
  /// The items loaded so far, in the API's order.
  public var items: [ArchiveItem]
  /// How many items match in all (`X-Total-Count`).
  public var total: Int
  /// The last page loaded (1-based).
  public var lastPage: Int

  /// Creates results.
  public init(query: ArchiveQuery, items: [ArchiveItem], total: Int, lastPage: Int) {
    self.query = query
    self.items = items
    self.total = total
    self.lastPage = lastPage
  }

  /// The results holding exactly one page.
  public init(_ page: ArchivePage) {
    self.init(query: page.query, items: page.items, total: page.total, lastPage: page.page)
  }

  /// The conditions a page was searched for.
  public static func key(of page: ArchivePage) -> ArchiveQuery? { page.query }

  /// Whether the conditions match nothing at all (the screen says so, naming them).
  public var matchesNothing: Bool { total == 0 && items.isEmpty }

  /// Takes `page`, a fresher answer for the page these results start with (a stale page refreshed in the
  /// background, a Retry of offline results), in place of that page's items. Pages loaded after it with "load
  /// more" stay, less the items `page` now holds; the total is `page`'s, and ``lastPage`` is unchanged. A page past
  /// the ones shown is declined; a page that matches nothing replaces the results.
  public mutating func update(with page: ArchivePage) -> Bool {
    guard page.query == query, page.page <= lastPage else { return false }
    if page.total == 0 && page.items.isEmpty {
      self = ArchiveResults(page)
      return true
    }
    // A page followed by another is a full page; the last page loaded is all the items.
    let firstPageCount = lastPage > page.page ? min(ArchiveClient.pageSize, items.count) : items.count
    let fresh = Set(page.items.map(\.id))
    items = page.items + items.dropFirst(firstPageCount).filter { !fresh.contains($0.id) }
    total = page.total
    return true
  }

  /// Whether the API has pages after ``lastPage`` (never past ``ArchiveClient/pages``, so asking for the next one
  /// cannot overflow, even for a page restored from a database edited by hand).
  public var hasMore: Bool {
    guard lastPage < ArchiveClient.pages.upperBound else { return false }
    return (BoundedNumber.multiplyAdd(lastPage, ArchiveClient.pageSize, 0) ?? Int.max) < total
  }

  /// Adds the page after ``lastPage`` ("load more"), less the items already shown; any other page changes nothing.
  public mutating func append(_ page: ArchivePage) {
    guard page.query == query, lastPage < ArchiveClient.pages.upperBound, page.page == lastPage + 1 else { return }
    let known = Set(items.map(\.id))
    items += page.items.filter { !known.contains($0.id) }
    total = page.total
    lastPage = page.page
  }
}
