/// One page of search results as the API returned it.
public struct ArchivePage: Equatable, Codable, Sendable {
  /// The conditions the page was fetched for.
  public var query: ArchiveQuery
  /// The 1-based page number.
  public var page: Int
  /// The page's items (at most ``ArchiveClient/pageSize``).
  public var items: [ArchiveItem]
  /// How many items match in all (`X-Total-Count`).
  public var total: Int

  /// Creates a page.
  public init(query: ArchiveQuery, page: Int, items: [ArchiveItem], total: Int) {
    self.query = query
    self.page = page
    self.items = items
    self.total = total
  }
}
