import FeatureKit
import Foundation
import Networking

/// The archive API, as closures so tests can replace it. The live value reads the fixture API's `achive_images`
/// (historical spelling) through ``Networking/HTTPClient``.
public struct ArchiveClient: Sendable {
  /// Results are fetched this many at a time (`_limit`).
  public static let pageSize = 20
  /// The pages a search may ask for: `--page` beyond them is a usage error, and no page arithmetic can overflow.
  public static let pages = 1...1_000_000
  /// The largest `X-Total-Count` believed; a larger (or malformed) header counts as missing.
  public static let maximumTotal = Int(Int32.max)

  /// One page (1-based) of the items matching the query, with the total count.
  public var search: @Sendable (_ query: ArchiveQuery, _ page: Int) async throws -> ArchivePage
  /// One item by id (`HTTPError.notFound` when there is none).
  public var item: @Sendable (_ id: Int) async throws -> ArchiveItem

  /// Creates a client from its operations.
  public init(
    search: @escaping @Sendable (_ query: ArchiveQuery, _ page: Int) async throws -> ArchivePage,
    item: @escaping @Sendable (_ id: Int) async throws -> ArchiveItem
  ) {
    self.search = search
    self.item = item
  }
}

extension ArchiveClient {
  /// The client over the API at `baseURL`:
  /// - `search`: `GET /achive_images?q=KEYWORD&category=C&_page=P&_limit=20` (`q` and `category` only when set),
  ///   the total read from `X-Total-Count` (when the header is missing, the items up to this page are taken as all);
  /// - `item`: `GET /achive_images/ID`.
  ///
  /// Errors are ``Networking/HTTPError`` (a malformed body is `.decodingFailed` naming the key path), or
  /// `CancellationError`.
  public static func live(http: HTTPClient, baseURL: URL) -> ArchiveClient {
    let endpoint = baseURL.appending(path: "achive_images")
    return ArchiveClient(
      search: { query, page in
        let request = HTTPRequest.get(
          endpoint,
          query: query.queryItems + [
            URLQueryItem(name: "_page", value: String(page)),
            URLQueryItem(name: "_limit", value: String(pageSize)),
          ],
          headers: ["Accept": "application/json"])
        let response = try await http.data(request)
        let items = try response.decode([ArchiveItem].self)
        let counted = response.headers["X-Total-Count"].flatMap {
          try? BoundedNumber.integer($0, in: 0...maximumTotal).get()
        }
        // Without a (believable) header, the items up to this page are all there is.
        let total = counted ?? BoundedNumber.multiplyAdd(max(page, 1) - 1, pageSize, items.count) ?? maximumTotal
        return ArchivePage(query: query, page: page, items: items, total: total)
      },
      item: { id in
        try await http.json(ArchiveItem.self, from: endpoint.appending(path: String(id)))
      }
    )
  }
}
