import FixtureData
import FixtureServer
import Foundation
import Testing

/// Contract tests over real HTTP against the suite's own data (TestData); expectations are computed from the data itself.
@Suite("FixtureRoutes: the json-server contract over HTTP")
struct FixtureRoutesTests {
  static let listEndpoints = [
    "banners", "posts", "topics", "articles", "photos", "scenes",
    "images", "notices", "comments", "bookmarks",
  ]

  let database: FixtureDatabase

  init() throws {
    database = try TestData.database
  }

  /// The resource's elements as Foundation objects, straight from the suite's data via JSONSerialization.
  private func expected(_ name: String) throws -> [[String: Any]] {
    let bytes = JSONWriter().bytes(of: try #require(database[name]))
    return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
  }

  private func percentEncoded(_ text: String) -> String {
    text.addingPercentEncoding(
      withAllowedCharacters: CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"))!
  }

  private func ids(_ objects: [[String: Any]]) -> [Int] {
    objects.compactMap { $0["id"] as? Int }
  }

  @Test("every list endpoint returns all its elements as a JSON array", arguments: listEndpoints)
  func listEndpoint(name: String) async throws {
    try await withFixtureServer { server async throws in
      let reply = try await HTTPClient.get("/\(name)", on: server)
      #expect(reply.status == 200)
      #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
      #expect(ids(try reply.objects()) == ids(try expected(name)))
      #expect(reply.header("X-Total-Count") == nil)
    }
  }

  @Test("GET /name/:id returns that element for every id of every list", arguments: listEndpoints)
  func itemByID(name: String) async throws {
    try await withFixtureServer { server async throws in
      for id in ids(try expected(name)) {
        let reply = try await HTTPClient.get("/\(name)/\(id)", on: server)
        #expect(reply.status == 200)
        #expect(try reply.object()["id"] as? Int == id)
      }
    }
  }

  @Test("an unknown id, an unknown resource and an id on a singular resource are 404")
  func notFound() async throws {
    try await withFixtureServer { server async throws in
      for path in ["/posts/9999", "/posts/abc", "/no_such_thing", "/profile/1"] {
        let reply = try await HTTPClient.get(path, on: server)
        #expect(reply.status == 404, "\(path)")
      }
    }
  }

  @Test("singular /profile returns the object and ignores query parameters")
  func profilePersonal() async throws {
    try await withFixtureServer { server async throws in
      let reply = try await HTTPClient.get("/profile?_page=2&q=zzz", on: server)
      #expect(reply.status == 200)
      let profile = try reply.object()
      #expect(profile["id"] as? Int == 1)
      #expect((profile["histories"] as? [String: Any])?["article_post_count"] is Int)
      #expect((profile["social_media"] as? [String: Any])?["instagram_url"] is String)
    }
  }

  @Test("the data's anchors: 6 banners, the first with banner_contents_id 1001, 12 news whose last has id 12")
  func homeAnchors() async throws {
    try await withFixtureServer { server async throws in
      let banners = try await HTTPClient.get("/banners", on: server).objects()
      let news = try await HTTPClient.get("/posts", on: server).objects()
      #expect(banners.count == 6)
      #expect(banners.first?["banner_contents_id"] as? Int == 1001)
      #expect(news.count == 12)
      #expect(news.last?["id"] as? Int == 12)
    }
  }

  @Test("q matches numeric values as text")
  func qNumeric() async throws {
    try await withFixtureServer { server async throws in
      let expectedIDs = ids(
        try expected("photos").filter { photo in
          photo.values.contains { String(describing: $0).contains("1600") }
        })
      let reply = try await HTTPClient.get("/photos?q=1600", on: server)
      #expect(!expectedIDs.isEmpty)
      #expect(ids(try reply.objects()) == expectedIDs)
    }
  }

  @Test("q searches nested objects: a custom db with nested shop names")
  func qNested() async throws {
    let custom = try FixtureDatabase(
      json: Array(
        #"{"posts": [{"id": 1, "shop": {"name": "カレーの店", "tags": ["辛口"]}}, {"id": 2, "shop": {"name": "そば"}}]}"#.utf8))
    try await withFixtureServer(FixtureServer.Configuration(database: custom)) { server async throws in
      #expect(ids(try await HTTPClient.get("/posts?q=%E8%BE%9B", on: server).objects()) == [1])
      #expect(ids(try await HTTPClient.get("/posts?shop.name=%E3%81%9D%E3%81%B0", on: server).objects()) == [2])
    }
  }

  @Test("category equality and q + category together, as a search screen sends them")
  func categoryQuery() async throws {
    try await withFixtureServer { server async throws in
      let images = try expected("images")
      let dish = "カレー"
      let inCategory = images.filter { $0["category"] as? String == dish }
      let mentioning = images.filter { item in item.values.contains { ($0 as? String)?.contains(dish) == true } }
      let both = mentioning.filter { $0["category"] as? String == dish }
      let encoded = percentEncoded(dish)

      #expect(
        ids(try await HTTPClient.get("/images?category=\(encoded)", on: server).objects()) == ids(inCategory))
      #expect(ids(try await HTTPClient.get("/images?q=\(encoded)", on: server).objects()) == ids(mentioning))
      let combined = try await HTTPClient.get("/images?q=\(encoded)&category=\(encoded)", on: server).objects()
      #expect(ids(combined) == ids(both))
      #expect(both.count < mentioning.count)
      #expect(!both.isEmpty)
    }
  }

  @Test("repeated field parameters are OR; _ne, _like, _gte and _lte filter")
  func operators() async throws {
    try await withFixtureServer { server async throws in
      let topics = try expected("topics")
      let ratings = topics.compactMap { $0["rating"] as? Double }.sorted()
      let median = ratings[ratings.count / 2]
      let atLeast = try await HTTPClient.get("/topics?rating_gte=\(median)", on: server).objects()
      #expect(ids(atLeast) == ids(topics.filter { ($0["rating"] as? Double ?? 0) >= median }))
      let atMost = try await HTTPClient.get("/topics?rating_lte=\(median)", on: server).objects()
      #expect(ids(atMost) == ids(topics.filter { ($0["rating"] as? Double ?? 0) <= median }))

      let news = try expected("posts")
      let categories = Array(Set(news.compactMap { $0["news_category"] as? String })).sorted().prefix(2)
      let query = categories.map { "news_category=\(percentEncoded($0))" }
      let either = try await HTTPClient.get("/posts?" + query.joined(separator: "&"), on: server).objects()
      #expect(ids(either) == ids(news.filter { categories.contains($0["news_category"] as? String ?? "") }))
      let neither = try await HTTPClient.get(
        "/posts?" + query.map { $0.replacingOccurrences(of: "=", with: "_ne=") }.joined(separator: "&"),
        on: server
      ).objects()
      #expect(ids(neither) == ids(news.filter { !categories.contains($0["news_category"] as? String ?? "") }))

      let like = try await HTTPClient.get("/images?shop_name_like=%5E%E3%82%AB%E3%83%AC", on: server).objects()
      #expect(
        ids(like) == ids(try expected("images").filter { ($0["shop_name"] as? String)?.hasPrefix("カレ") == true })
      )
      #expect(!like.isEmpty)
    }
  }

  @Test("_sort and _order sort, with several keys")
  func sorting() async throws {
    try await withFixtureServer { server async throws in
      let topics = try expected("topics")
      let reply = try await HTTPClient.get("/topics?_sort=rating,id&_order=desc,asc", on: server).objects()
      let expectedOrder = topics.sorted { lhs, rhs in
        let (left, right) = (lhs["rating"] as? Double ?? 0, rhs["rating"] as? Double ?? 0)
        return left != right ? left > right : (lhs["id"] as? Int ?? 0) < (rhs["id"] as? Int ?? 0)
      }
      #expect(ids(reply) == ids(expectedOrder))
    }
  }

  @Test("_page and _limit page, with X-Total-Count and a Link header")
  func paging() async throws {
    try await withFixtureServer { server async throws in
      let all = ids(try expected("photos"))
      let reply = try await HTTPClient.get("/photos?_page=2&_limit=6", on: server)
      #expect(ids(try reply.objects()) == Array(all[6..<12]))
      #expect(reply.header("X-Total-Count") == String(all.count))
      let base = "\(server.baseURL.absoluteString)/photos?_page="
      let last = (all.count + 5) / 6
      #expect(
        reply.header("Link")
          == "<\(base)1&_limit=6>; rel=\"first\", <\(base)1&_limit=6>; rel=\"prev\", "
          + "<\(base)3&_limit=6>; rel=\"next\", <\(base)\(last)&_limit=6>; rel=\"last\"")
    }
  }

  @Test("_start/_end and _start/_limit slice, with X-Total-Count")
  func slicing() async throws {
    try await withFixtureServer { server async throws in
      let all = ids(try expected("scenes"))
      let window = try await HTTPClient.get("/scenes?_start=2&_end=5", on: server)
      #expect(ids(try window.objects()) == Array(all[2..<5]))
      #expect(window.header("X-Total-Count") == String(all.count))
      let limited = try await HTTPClient.get("/scenes?_start=3&_limit=4", on: server)
      #expect(ids(try limited.objects()) == Array(all[3..<7]))
    }
  }

  @Test("unknown parameters are ignored")
  func unknownParameters() async throws {
    try await withFixtureServer { server async throws in
      let reply = try await HTTPClient.get("/posts?utm_source=test&foo=bar", on: server)
      #expect(ids(try reply.objects()) == ids(try expected("posts")))
    }
  }

  @Test("an invalid _like pattern is 400 with an explanation")
  func badPattern() async throws {
    try await withFixtureServer { server async throws in
      let reply = try await HTTPClient.get("/posts?title_like=%28%5B", on: server)
      #expect(reply.status == 400)
      #expect((try reply.object()["error"] as? String)?.contains("title_like") == true)
    }
  }

  @Test("GET /db returns the whole database")
  func wholeDatabase() async throws {
    try await withFixtureServer { server async throws in
      let reply = try await HTTPClient.get("/db", on: server)
      #expect(Set(try reply.object().keys) == Set(database.resourceNames))
    }
  }

  @Test("--db style custom databases are served as given")
  func customDatabase() async throws {
    let custom = try FixtureDatabase(json: Array(#"{"posts": [{"id": "a1", "title": "x"}], "db": [{"id": 5}]}"#.utf8))
    try await withFixtureServer(FixtureServer.Configuration(database: custom)) { server async throws in
      #expect(try await HTTPClient.get("/posts/a1", on: server).object()["title"] as? String == "x")
      #expect(ids(try await HTTPClient.get("/db", on: server).objects()) == [5])
    }
  }
}
