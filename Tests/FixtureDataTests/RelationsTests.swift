import FixtureData
import Testing

@Suite("Relations: json-server 0.17's _embed, _expand and DELETE cascade as pure functions")
struct RelationsTests {
  let relations = Relations()
  let database: FixtureDatabase

  init() throws {
    guard
      case .object(let root) = try json(
        """
        {
          "posts": [{"id": 1, "title": "a", "userId": 1}, {"id": 2, "title": "b", "userId": 9},
                    {"id": "s", "title": "c"}],
          "comments": [{"id": 1, "postId": 1, "body": "x"}, {"id": 2, "postId": 2}, {"id": 3, "postId": "1"},
                       {"id": 4, "postId": 1.0}, {"id": 5, "postId": "s"}, {"id": 6, "postId": null}],
          "users": [{"id": 1, "name": "u"}],
          "likes": [{"id": 7, "postId": 1}],
          "profile": {"name": "p"}
        }
        """)
    else { throw UnexpectedShape() }
    database = FixtureDatabase(root: root)
  }

  private func list(_ name: String) throws -> [JSONValue] {
    guard case .array(let elements)? = database[name] else { throw UnexpectedShape() }
    return elements
  }

  @Test("the foreign key is the singular plus the suffix")
  func foreignKey() {
    #expect(relations.foreignKey(referencing: "posts") == "postId")
    #expect(Relations(foreignKeySuffix: "_id").foreignKey(referencing: "categories") == "category_id")
  }

  @Test("_embed adds the children whose foreign key is the id, with lodash's strict equality (1.0 is 1, \"1\" is not)")
  func embed() throws {
    let post = try list("posts")[0]
    let embedded = relations.apply(query("_embed=comments"), to: post, of: "posts", in: database)
    #expect(
      embedded
        == (try json(
          #"{"id": 1, "title": "a", "userId": 1, "comments": [{"id": 1, "postId": 1, "body": "x"}, {"id": 4, "postId": 1.0}]}"#
        )))
  }

  @Test("_embed repeated embeds each; an unknown name embeds [], an empty value nothing")
  func embedRepeated() throws {
    let post = try list("posts")[0]
    let embedded = relations.apply(
      query("_embed=likes", "_embed=nothing", "_embed="), to: post, of: "posts", in: database)
    #expect(embedded["likes"] == (try json(#"[{"id": 7, "postId": 1}]"#)))
    #expect(embedded["nothing"] == .array([]))
    #expect(embedded[""] == nil)
  }

  @Test("a string id embeds children with that string")
  func embedStringID() throws {
    let post = try list("posts")[2]
    let embedded = relations.embedding(["comments"], into: post, of: "posts", in: database)
    #expect(embedded["comments"] == (try json(#"[{"id": 5, "postId": "s"}]"#)))
  }

  @Test("_expand adds the parent found by id as text; no match or a missing key removes the member")
  func expand() throws {
    let comments = try list("comments")
    #expect(relations.expanding(["post"], into: comments[2], in: database)["post"]?["title"] == .string("a"))
    #expect(relations.expanding(["post"], into: comments[4], in: database)["post"]?["title"] == .string("c"))
    let orphan = try json(#"{"id": 9, "postId": 99, "post": "stale"}"#)
    #expect(relations.expanding(["post"], into: orphan, in: database)["post"] == nil)
    #expect(relations.expanding(["post"], into: comments[5], in: database)["post"] == nil)
    // No `authors` list: the item is left alone.
    let item = try json(#"{"id": 1, "authorId": 1, "author": "kept"}"#)
    #expect(relations.expanding(["author"], into: item, in: database) == item)
  }

  @Test("_embed and _expand together, repeated, on a post: children and parent")
  func both() throws {
    let post = try list("posts")[0]
    let result = relations.apply(
      query("_expand=user", "_embed=comments", "_embed=likes"), to: post, of: "posts", in: database)
    guard case .object(let object) = result else { throw UnexpectedShape() }
    #expect(object.keys == ["id", "title", "userId", "comments", "likes", "user"])
    #expect(result["user"] == (try json(#"{"id": 1, "name": "u"}"#)))
  }

  @Test("the id field and suffix are configurable")
  func customNames() throws {
    guard
      case .object(let root) = try json(
        #"{"posts": [{"key": 5}], "comments": [{"key": 1, "post_ref": 5}, {"key": 2, "post_ref": 6}]}"#)
    else { throw UnexpectedShape() }
    let custom = Relations(idField: "key", foreignKeySuffix: "_ref")
    let data = FixtureDatabase(root: root)
    let embedded = custom.embedding(["comments"], into: try json(#"{"key": 5}"#), of: "posts", in: data)
    #expect(embedded["comments"] == (try json(#"[{"key": 1, "post_ref": 5}]"#)))
    #expect(custom.danglingReferences(in: data) == ["comments": [1]])
  }

  @Test("non-object items are left alone")
  func nonObjects() {
    #expect(relations.apply(query("_embed=comments"), to: .integer(3), of: "posts", in: database) == .integer(3))
  }

  @Test("the cascade finds every item whose foreign key points at nothing, in every list; null keys are kept")
  func cascade() throws {
    // posts/2 points at users/9, which does not exist: json-server's sweep removes it too.
    #expect(relations.danglingReferences(in: database) == ["posts": [1]])
    var data = database
    guard case .array(var posts)? = data["posts"] else { throw UnexpectedShape() }
    posts.remove(at: 0)
    data.root["posts"] = .array(posts)
    #expect(relations.danglingReferences(in: data) == ["posts": [0], "comments": [0, 2, 3], "likes": [0]])
    #expect(relations.removeDanglingReferences(from: &data) == 5)
    #expect(
      data["comments"] == (try json(#"[{"id": 2, "postId": 2}, {"id": 5, "postId": "s"}, {"id": 6, "postId": null}]"#)))
    #expect(data["likes"] == .array([]))
  }

  @Test("each _embed name counts once, and at most Relations.maximumNames apply")
  func namesAreDistinctAndBounded() {
    let repeated = (0..<5_000).map { QueryParameter("_embed", "c\($0 % 40)") }
    let values = Relations.values(of: "_embed", in: repeated)
    #expect(values == (0..<Relations.maximumNames).map { "c\($0)" })
    #expect(Relations.values(of: "_embed", in: [.init("_embed", "a"), .init("_embed", "a")]) == ["a"])
  }

  @Test(
    "_embed, _expand and the cascade look at each item a bounded number of times: linear in the data, not parents × children"
  )
  func linearCost() throws {
    // 3,000 posts, each with one comment, and as many comments pointing at posts that do not exist: quadratic, the
    // relations looked at 9 million items and more for each; linear, a few per item.
    let count = 3_000
    let posts = (1...count).map { JSONValue.object(JSONObject([("id", .integer($0)), ("title", .string("p\($0)"))])) }
    let comments = (1...(2 * count)).map { id in
      JSONValue.object(JSONObject([("id", .integer(id)), ("postId", .integer(id))]))
    }
    let data = FixtureDatabase(root: JSONObject([("posts", .array(posts)), ("comments", .array(comments))]))
    let items = posts.count + comments.count
    func visits(_ work: () -> Void) -> Int {
      let probe = Relations.Probe()
      Relations.$probe.withValue(probe) { work() }
      return probe.visits
    }

    var embedded: [JSONValue] = []
    let embedding = visits { embedded = relations.apply(query("_embed=comments"), to: posts, of: "posts", in: data) }
    #expect(embedded.count == count)
    #expect(embedded[0]["comments"] == .array([comments[0]]))
    #expect(embedded[count - 1]["comments"] == .array([comments[count - 1]]))
    #expect(embedding <= 4 * items, "embedding looked at \(embedding) items")

    var expanded: [JSONValue] = []
    let expanding = visits { expanded = relations.apply(query("_expand=post"), to: comments, of: "comments", in: data) }
    #expect(expanded[0]["post"] == posts[0])
    #expect(expanded[count]["post"] == nil)
    #expect(expanding <= 4 * items, "expanding looked at \(expanding) items")

    var removed = data
    let cascading = visits { #expect(relations.removeDanglingReferences(from: &removed) == count) }
    #expect(removed["comments"] == .array(Array(comments.prefix(count))))
    #expect(cascading <= 4 * items, "the cascade looked at \(cascading) items")
  }

  @Test("indexed, the relations answer exactly as a scan per item did, on 400 random databases of mixed ids")
  func sameAsScan() throws {
    // Ids and keys that lodash tells apart or not: 1 and 1.0 (same), 1 and "1" (different to _embed, same text to
    // _expand), canonically equivalent strings (different), -0 and 0, integers past 2^53, null, arrays, objects.
    let values: [JSONValue] = [
      .integer(1), .double(1), .string("1"), .integer(2), .double(2.5), .string("é"), .string("e\u{301}"), .null,
      .bool(true), .array([.integer(1)]), .object(JSONObject([("a", .integer(1))])), .integer(0), .double(-0.0),
      .integer(9_007_199_254_740_993), .double(9_007_199_254_740_992), .string("1,2"),
      .array([.integer(1), .integer(2)]),
    ]
    var seed: UInt64 = 34
    func next(_ bound: Int) -> Int {
      seed &+= 0x9E37_79B9_7F4A_7C15
      var z = seed
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    func item(_ fields: [String]) -> JSONValue {
      .object(JSONObject(fields.compactMap { next(5) == 0 ? nil : ($0, values[next(values.count)]) }))
    }
    func same(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
      switch (lhs, rhs) {
      case (.integer(let left), .double(let right)), (.double(let right), .integer(let left)): Double(left) == right
      case (.string(let left), .string(let right)): left.utf16.elementsEqual(right.utf16)
      default: lhs == rhs
      }
    }
    func documents(_ value: JSONValue?) -> [JSONValue] {
      switch value {
      case .array(let elements)?: elements
      case .object(let object)?: object.members.map(\.value)
      default: []
      }
    }
    func first(_ id: JSONValue, in list: JSONValue?) -> JSONValue? {
      documents(list).first { element in
        guard let value = element["id"], value != .null else { return false }
        return value.javaScriptText.utf16.elementsEqual(id.javaScriptText.utf16)
      }
    }
    for _ in 0..<400 {
      let posts = (0..<next(7)).map { _ in item(["id", "userId"]) }
      let comments = (0..<next(9)).map { _ in item(["id", "postId"]) }
      var root = JSONObject([("posts", .array(posts)), ("comments", .array(comments))])
      switch next(3) {
      case 0: root["users"] = .array((0..<next(4)).map { _ in item(["id"]) })
      case 1: root["users"] = item(["id", "x"])
      default: break
      }
      let data = FixtureDatabase(root: root)

      // A scan per item, as before the index.
      let scanned = posts.map { post -> JSONValue in
        guard case .object(var object) = post else { return post }
        object["comments"] = .array(
          documents(data["comments"]).filter { comment in
            guard let id = post["id"], let reference = comment["postId"] else { return false }
            return same(reference, id)
          })
        if let users = data["users"], JavaScriptSemantics.isTruthy(users) {
          if let reference = object["userId"], reference != .null, let user = first(reference, in: users) {
            object["user"] = user
          } else {
            object["user"] = nil
          }
        }
        return .object(object)
      }
      #expect(relations.apply(query("_embed=comments", "_expand=user"), to: posts, of: "posts", in: data) == scanned)
      for comment in comments {
        var expected = comment
        if case .object(var object) = comment {
          let reference = object["postId"]
          object["post"] = reference.flatMap { $0 == .null ? nil : first($0, in: data["posts"]) }
          expected = .object(object)
        }
        #expect(relations.expanding(["post"], into: comment, in: data) == expected)
      }
      var dangling: [String: [Int]] = [:]
      for member in data.root.members {
        for (position, element) in documents(.array(documents(member.value))).enumerated() {
          guard case .array = member.value, case .object(let object) = element else { continue }
          let points = object.members.contains { field in
            guard field.key.hasSuffix("Id"), field.value != .null else { return false }
            let parent = Inflection.plural(of: String(field.key.dropLast(2)))
            guard let parents = data[parent], JavaScriptSemantics.isTruthy(parents) else { return false }
            return first(field.value, in: parents) == nil
          }
          if points { dangling[member.key, default: []].append(position) }
        }
      }
      #expect(relations.danglingReferences(in: data) == dangling)
    }
  }
}
