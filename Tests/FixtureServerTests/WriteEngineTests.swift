import FixtureData
import Testing

@testable import FixtureServer

@Suite("WriteEngine: json-server's write semantics on a database value")
struct WriteEngineTests {
  let original: FixtureDatabase
  let engine = WriteEngine(randomID: { "rand007" })

  init() throws {
    original = try FixtureDatabase(
      json: Array(
        #"""
        {
          "posts": [{"id": 1, "title": "a", "meta": {"x": 1, "y": 2}}, {"id": 2, "title": "b"}],
          "tags": [{"id": "t1", "name": "x"}],
          "profile": {"name": "n", "age": 3, "links": {"web": "w"}},
          "motto": "hi"
        }
        """#.utf8))
  }

  private func body(_ text: String) throws -> JSONObject {
    guard case .object(let object) = try json(text) else { throw HTTPClientError.unexpectedShape }
    return object
  }

  /// Applies `request` to a copy of the original database.
  private func apply(_ request: WriteRequest) -> (WriteOutcome, FixtureDatabase) {
    var database = original
    let outcome = engine.apply(request, to: &database)
    return (outcome, database)
  }

  /// Asserts that `request` is refused with `status` and changes nothing.
  private func expectRefused(
    _ request: WriteRequest, _ status: Int = 404, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let (outcome, database) = apply(request)
    #expect(outcome.reply.status.code == status, sourceLocation: sourceLocation)
    #expect(!outcome.changed, sourceLocation: sourceLocation)
    #expect(database == original, sourceLocation: sourceLocation)
  }

  @Test("POST /list appends the body with the next id: 201, the stored item, its id for Location")
  func create() throws {
    let (outcome, database) = apply(WriteRequest(.post, "posts", body: try body(#"{"title": "c"}"#)))
    let created = try json(#"{"title": "c", "id": 3}"#)
    #expect(outcome.reply.status.code == 201)
    #expect(outcome.reply.payload == created)
    #expect(outcome.changed)
    #expect(outcome.createdID == "3")
    guard case .array(let posts)? = database["posts"] else { throw HTTPClientError.unexpectedShape }
    #expect(posts.count == 3)
    #expect(posts.last == created)
  }

  @Test("POST keeps a given id; a falsy one (0, \"\", false, null) is replaced like json-server's `id || createId()`")
  func createWithID() throws {
    let (given, _) = apply(WriteRequest(.post, "posts", body: try body(#"{"id": "p-9", "title": "c"}"#)))
    #expect(given.reply.payload == (try json(#"{"id": "p-9", "title": "c"}"#)))
    for falsy in ["0", #""""#, "false", "null"] {
      let (outcome, _) = apply(WriteRequest(.post, "posts", body: try body(#"{"id": \#(falsy), "title": "c"}"#)))
      #expect(outcome.reply.payload == (try json(#"{"id": 3, "title": "c"}"#)), "id \(falsy)")
    }
  }

  @Test("POST to a list with string ids makes a random string id")
  func createRandomID() throws {
    let (outcome, _) = apply(WriteRequest(.post, "tags", body: try body(#"{"name": "y"}"#)))
    #expect(outcome.reply.payload == (try json(#"{"name": "y", "id": "rand007"}"#)))
    #expect(outcome.createdID == "rand007")
  }

  @Test("POST with a taken id is 409 with json-server's message, whether the id is a number or its text")
  func duplicate() throws {
    for id in ["2", #""2""#] {
      expectRefused(WriteRequest(.post, "posts", body: try body(#"{"id": \#(id), "title": "dup"}"#)), 409)
    }
    let (outcome, _) = apply(WriteRequest(.post, "tags", body: try body(#"{"id": "t1"}"#)))
    #expect(outcome.reply.payload == (try json(#"{"error": "Insert failed, duplicate id"}"#)))
  }

  @Test("PUT /list/:id replaces the item and keeps its id, even when the body names another")
  func replace() throws {
    let (outcome, database) = apply(WriteRequest(.put, "posts", id: "1", body: try body(#"{"title": "z"}"#)))
    let replaced = try json(#"{"title": "z", "id": 1}"#)
    #expect(outcome.reply.status.code == 200)
    #expect(outcome.reply.payload == replaced)
    guard case .array(let posts)? = database["posts"] else { throw HTTPClientError.unexpectedShape }
    #expect(posts.first == replaced)

    let (renamed, _) = apply(WriteRequest(.put, "tags", id: "t1", body: try body(#"{"id": "other", "name": "q"}"#)))
    #expect(renamed.reply.payload == (try json(#"{"id": "t1", "name": "q"}"#)))
  }

  @Test("PATCH /list/:id assigns the body's fields over the item's, shallowly, and keeps its id")
  func merge() throws {
    let (outcome, database) = apply(
      WriteRequest(.patch, "posts", id: "1", body: try body(#"{"id": 5, "meta": {"x": 9}, "new": true}"#)))
    let merged = try json(#"{"id": 1, "title": "a", "meta": {"x": 9}, "new": true}"#)
    #expect(outcome.reply.status.code == 200)
    #expect(outcome.reply.payload == merged)
    guard case .array(let posts)? = database["posts"] else { throw HTTPClientError.unexpectedShape }
    #expect(posts == [merged, try json(#"{"id": 2, "title": "b"}"#)])
  }

  @Test("DELETE /list/:id removes the item and answers {}")
  func delete() throws {
    let (outcome, database) = apply(WriteRequest(.delete, "posts", id: "1"))
    #expect(outcome.reply.status.code == 200)
    #expect(outcome.reply.payload == .object(JSONObject()))
    #expect(database["posts"] == (try json(#"[{"id": 2, "title": "b"}]"#)))
  }

  @Test("singular: POST replaces (201), PUT replaces, PATCH merges shallowly")
  func singular() throws {
    let (posted, afterPost) = apply(WriteRequest(.post, "profile", body: try body(#"{"name": "m"}"#)))
    #expect(posted.reply.status.code == 201)
    #expect(afterPost["profile"] == (try json(#"{"name": "m"}"#)))

    let (put, afterPut) = apply(WriteRequest(.put, "profile", body: try body(#"{"name": "m"}"#)))
    #expect(put.reply.status.code == 200)
    #expect(put.reply.payload == (try json(#"{"name": "m"}"#)))
    #expect(afterPut["profile"] == put.reply.payload)

    let (patched, afterPatch) = apply(WriteRequest(.patch, "profile", body: try body(#"{"age": 4, "links": {}}"#)))
    let merged = try json(#"{"name": "n", "age": 4, "links": {}}"#)
    #expect(patched.reply.status.code == 200)
    #expect(patched.reply.payload == merged)
    #expect(afterPatch["profile"] == merged)

    let (motto, afterMotto) = apply(WriteRequest(.patch, "motto", body: try body(#"{"text": "new"}"#)))
    #expect(motto.reply.status.code == 200)
    #expect(afterMotto["motto"] == (try json(#"{"text": "new"}"#)))
  }

  @Test("an unknown resource or id, and a method the path does not take, are 404 {} and change nothing")
  func notFound() throws {
    let some = try body(#"{"title": "x"}"#)
    for method in WriteRequest.Method.allCases {
      expectRefused(WriteRequest(method, "nothing", body: some))
      expectRefused(WriteRequest(method, "nothing", id: "1", body: some))
      expectRefused(WriteRequest(method, "profile", id: "1", body: some))
      if method != .post {
        expectRefused(WriteRequest(method, "posts", id: "99", body: some))
        expectRefused(WriteRequest(method, "posts", body: some))
      }
    }
    expectRefused(WriteRequest(.post, "posts", id: "1", body: some))
    expectRefused(WriteRequest(.delete, "profile"))
    expectRefused(WriteRequest(.post, "db", body: some))
    let (outcome, _) = apply(WriteRequest(.delete, "posts", id: "99"))
    #expect(outcome.reply.payload == .object(JSONObject()))
  }
}
