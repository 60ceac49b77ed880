import FixtureServer
import Foundation
import Testing

/// `--routes` rules as json-server's rewriter (express-urlrewrite) applies them, and the rules it refuses.
@Suite("RouteRewriter: json-server's --routes rules")
struct RouteRewriterTests {
  private func rewriter(_ json: String) throws -> RouteRewriter {
    try RouteRewriter(json: Array(json.utf8))
  }

  @Test(
    "json-server's README rules",
    arguments: [
      ("/api/posts", "/posts"), ("/api/posts/1?_embed=comments", "/posts/1?_embed=comments"),
      ("/posts/1/show", "/posts/1"), ("/POSTS/1/SHOW/", "/POSTS/1"), ("/posts/1/show?x=1", "/posts/1?x=1"),
      ("/articles?id=1", "/posts/1?id=1"), ("/posts/ramen", "/posts?category=ramen"),
      ("/posts/ramen?_page=2", "/posts?category=ramen&_page=2"), ("/posts", "/posts"),
      ("/api/blog/posts/1", "/blog/posts/1"),
    ])
  func readmeRules(target: String, rewritten: String) throws {
    let rules = try rewriter(
      """
      {
        "/posts/:category": "/posts?category=:category",
        "/:resource/:id/show": "/:resource/:id",
        "/api/*": "/$1",
        "/articles": "/posts/1"
      }
      """)
    #expect(rules.rewrite(target) == rewritten)
  }

  @Test("rules apply in order, each to the result of the ones before; $N counts parameters and stars")
  func chained() throws {
    let rules = try rewriter(#"{"/v1/*": "/api/$1", "/api/:a/*": "/$2/$1"}"#)
    #expect(rules.rewrite("/v1/x/y/z") == "/y/z/x")
    // As in json-server, a later rule sees an earlier one's result: /posts/1/show becomes /posts/1, then a
    // category.
    let readmeOrder = try rewriter(
      #"{"/:resource/:id/show": "/:resource/:id", "/posts/:category": "/posts?category=:category"}"#)
    #expect(readmeOrder.rewrite("/posts/1/show") == "/posts?category=1")
  }

  @Test(
    "bad rules are refused with a sentence",
    arguments: [
      ("[]", RouteRulesError.notAnObject),
      (#"{"/a": 1}"#, .invalidRule(source: "/a", reason: "the target must be a string")),
      (#"{"a": "/b"}"#, .invalidRule(source: "a", reason: "the source must start with / and both be 1…2048 bytes")),
      (#"{"/a": "/:b"}"#, .invalidRule(source: "/a", reason: "the target names :b, which the source does not have")),
    ])
  func refused(json: String, error: RouteRulesError) {
    #expect(throws: error) { try rewriter(json) }
  }

  @Test("malformed JSON and too many rules are refused")
  func malformed() {
    #expect(throws: RouteRulesError.self) { try rewriter("{") }
    let many = "{" + (0...RouteRewriter.maximumRules).map { "\"/r\($0)\": \"/x\"" }.joined(separator: ",") + "}"
    #expect(throws: RouteRulesError.tooManyRules(RouteRewriter.maximumRules + 1)) { try rewriter(many) }
  }

  @Test("a routes file that is a FIFO or a directory is refused at once, naming what it is")
  func specialRoutesFiles() async throws {
    try await withTemporaryDirectory { directory async throws in
      let fifo = directory.appendingPathComponent("routes.json")
      #expect(mkfifo(fifo.path, 0o600) == 0)
      let folder = directory.appendingPathComponent("folder")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      for (url, kind) in [(fifo, "a FIFO (named pipe)"), (folder, "a directory")] {
        // Reading a FIFO without a writer blocked kumiki-api's start forever.
        let outcome = try await withDeadline(seconds: 10) { try RouteRewriter(contentsOf: url) }
        guard case .failure(let error) = outcome else {
          Issue.record("\(url.lastPathComponent) read as rules")
          continue
        }
        #expect(error as? RouteRulesError == .unreadable(path: url.path, reason: "it is \(kind), not a data file"))
      }
    }
  }

  @Test("over HTTP: requests are rewritten before routing, and GET /__rules answers the rules")
  func overHTTP() async throws {
    let rules = try rewriter(#"{"/api/*": "/$1", "/:resource/:id/show": "/:resource/:id"}"#)
    var configuration = try relationalConfiguration()
    configuration.routes = rules
    try await withFixtureServer(configuration) { server async throws in
      #expect(
        ids(try await HTTPClient.get("/api/posts/1/comments?_sort=id&_order=desc", on: server).objects()) == [2, 1])
      #expect(try await HTTPClient.get("/posts/2/show", on: server).object()["title"] as? String == "second")
      let patched = try await HTTPClient.send("PATCH", "/api/posts/2", on: server, body: #"{"title": "t"}"#)
      #expect(try patched.object()["title"] as? String == "t")
      let listed = try await HTTPClient.get("/__rules", on: server).object()
      #expect(listed as? [String: String] == ["/api/*": "/$1", "/:resource/:id/show": "/:resource/:id"])
    }
  }

  @Test("odd targets never break a request: a double slash, a URL, a bare query, an empty capture")
  func oddTargets() async throws {
    let rules = try rewriter(
      #"{"/a": "//evil.example/x", "/b": "http://x/y", "/c": "?q=1", "/d/*": "/$1", "/e": "/posts/%zz"}"#)
    var configuration = FixtureServer.Configuration()
    configuration.routes = rules
    try await withFixtureServer(configuration) { server async throws in
      for path in ["/a", "/b", "/c", "/d/", "/e", "/d/posts?_limit=1"] {
        let reply = try await HTTPClient.get(path, on: server)
        #expect([200, 404].contains(reply.status), "\(path) → \(reply.status)")
      }
      #expect(try await HTTPClient.get("/d/posts?_limit=1", on: server).objects().count == 1)
    }
  }

  @Test(
    "sources whose wildcards could compete for the same characters are refused (matching stays linear)",
    arguments: ["/*a*", "/x/*/*", "/:a:b", "/:a-:b/x", "/x:a", "/:a.json"])
  func competingWildcardsAreRefused(source: String) {
    #expect(throws: RouteRulesError.self) { try RouteRewriter(rules: [(source, "/posts")]) }
  }

  @Test("a rewrite that would grow the path past the limit leaves the request as it came")
  func runawayGrowthIsCapped() throws {
    let doubling = (0..<6).map { _ in (source: "/*", target: "/$1$1$1$1$1$1$1$1") }  // ×8 a rule
    let rules = try RouteRewriter(rules: doubling)
    let target = "/" + String(repeating: "a", count: 100)
    #expect(rules.rewrite(target) == target)
    #expect(try RouteRewriter(rules: [("/*", "/$1$1")]).rewrite("/ab") == "/abab")
  }

  @Test("a refused rule's control characters never reach the terminal")
  func controlCharactersAreShown() {
    let error = RouteRulesError.invalidRule(source: "/a\u{1B}[2J", reason: "x")
    #expect(!error.description.unicodeScalars.contains { $0.value == 0x1B })
    #expect(error.description.contains("\\u{1b}"))
  }
}
