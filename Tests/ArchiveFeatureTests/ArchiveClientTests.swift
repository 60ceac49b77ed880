import ArchiveFeature
import Foundation
import Networking
import NetworkingTesting
import Testing

@Suite("ArchiveClient.live")
struct ArchiveClientTests {
  let fake = FakeHTTPClient()
  var client: ArchiveClient { .live(http: fake.client, baseURL: ArchiveFixture.baseURL) }

  @Test("search sends q, category, _page and _limit=20 and reads X-Total-Count")
  func search() async throws {
    let query = ArchiveQuery(keyword: "カレー", category: "カレー")
    try ArchiveFixture.stubSearch(fake, query)
    let page = try await client.search(query, 1)
    #expect(page == ArchiveFixture.page(query, ids: [6, 12, 18, 24, 30, 36], total: 6))
    #expect(queries(fake.requests) == [["q=カレー", "category=カレー", "_page=1", "_limit=20"]])
    #expect(fake.requests.first?.headers["Accept"] == "application/json")
  }

  @Test("a page past the first one keeps the total")
  func laterPage() async throws {
    try ArchiveFixture.stubSearch(fake, .all, page: 2)
    let page = try await client.search(.all, 2)
    #expect(page.items.map(\.id) == Array(21...36))
    #expect(page.total == 36)
  }

  @Test("without X-Total-Count the items up to this page are the total")
  func missingTotal() async throws {
    fake.stub(
      "/achive_images",
      .json(#"[{"id":1,"photo_url":"not a url","category":"和食","dish_name":"a","shop_name":"b","introduction":"c"}]"#))
    let page = try await client.search(.all, 3)
    #expect(page.total == 41)
    #expect(page.items.first?.photoURL == nil)  // unparsable URL
  }

  @Test("a malformed body is a decoding error naming the field")
  func decodingFailure() async throws {
    fake.stub("/achive_images", .json(#"[{"id":"one"}]"#, headers: ["X-Total-Count": "1"]))
    do {
      _ = try await client.search(.all, 1)
      Issue.record("expected a decoding error")
    } catch let error as HTTPError {
      guard case .decodingFailed(_, let keyPath, _, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(keyPath == "[0].id")
      #expect(error.description.contains("not in the expected format"))
    }
  }

  @Test("a server error is thrown as HTTPError with the status")
  func serverError() async throws {
    fake.stub("/achive_images", .status(502))
    await #expect(
      throws: HTTPError.serverError(
        status: 502, url: URL(string: "http://archive.test/achive_images?_page=1&_limit=20")!)
    ) {
      try await client.search(.all, 1)
    }
  }

  @Test("item fetches GET /achive_images/ID; an unknown id is notFound")
  func item() async throws {
    try ArchiveFixture.stubItem(fake, id: 36)
    #expect(try await client.item(36) == ArchiveFixture.itemsByID[36])
    await #expect(throws: HTTPError.notFound(URL(string: "http://archive.test/achive_images/37")!)) {
      try await client.item(37)
    }
  }
}

/// Numbers in the API's answers and in restored state are bounded: no page arithmetic can trap.
@Suite("ArchiveClient.live with hostile numbers")
struct ArchiveClientHostileNumberTests {
  let fake = FakeHTTPClient()
  var client: ArchiveClient { .live(http: fake.client, baseURL: ArchiveFixture.baseURL) }
  static let body = #"[{"id":1,"photo_url":"","category":"和食","dish_name":"a","shop_name":"b","introduction":"c"}]"#

  @Test(arguments: ["99999999999999999999999", "-3", "12abc", "9223372036854775807"])
  func anUnbelievableTotalCountsAsMissing(header: String) async throws {
    fake.stub("/achive_images", .json(Self.body, headers: ["X-Total-Count": header]))
    let page = try await client.search(.all, 2)
    #expect(page.total == 21)  // the items up to this page
  }

  @Test func theLastPageAllowedHasNoNextPage() {
    let results = ArchiveResults(
      query: .all, items: [], total: Int.max, lastPage: ArchiveClient.pages.upperBound)
    #expect(!results.hasMore)
    let restored = ArchiveResults(query: .all, items: [], total: Int.max, lastPage: Int.max)
    #expect(!restored.hasMore)
  }
}
