import FixtureData
import Testing

@Suite("QueryEngine: json-server 0.17 list semantics over JSON values")
struct QueryEngineTests {
  let engine = QueryEngine()
  let dishes: [JSONValue]

  init() throws {
    let list = try json(
      """
      [
        {"id": 1, "name": "Katsu Curry", "category": "カレー", "price": 980, "rating": 4.5,
         "shop": {"name": "八兵衛", "area": "Ueno"}, "tags": ["fried", "spicy"]},
        {"id": 2, "name": "Ramen", "category": "中華料理", "price": 850, "rating": 3.9,
         "shop": {"name": "青龍", "area": "Kanda"}, "tags": ["noodle"]},
        {"id": 10, "name": "Curry Udon", "category": "和食", "price": 720, "rating": 4.1,
         "shop": {"name": "ひより", "area": "Ueno"}, "tags": []},
        {"id": 11, "name": "Soup Curry", "category": "カレー", "price": 1200, "rating": null,
         "shop": {"name": "北斗", "area": "Sapporo"}},
        {"id": 12, "name": "Bibimbap", "category": "韓国料理", "price": 0, "shop": {"name": "ソウル", "area": "Shin-Okubo"}}
      ]
      """)
    guard case .array(let elements) = list else { throw UnexpectedShape() }
    dishes = elements
  }

  private func ids(_ parameters: [QueryParameter]) throws -> [Int] {
    try engine.run(parameters, on: dishes).items.map { element in
      guard case .integer(let id)? = element["id"] else { throw UnexpectedShape() }
      return id
    }
  }

  @Test("no parameters returns everything in order, without a total")
  func noParameters() throws {
    let result = try engine.run([], on: dishes)
    #expect(result.items == dishes)
    #expect(result.totalCount == nil)
    #expect(result.pageLinks == nil)
  }

  @Test("q matches case-insensitively in any field")
  func qCaseInsensitive() throws {
    #expect(try ids(query("q=CURRY")) == [1, 10, 11])
  }

  @Test("q searches nested objects and arrays")
  func qNested() throws {
    #expect(try ids(query("q=ueno")) == [1, 10])
    #expect(try ids(query("q=spicy")) == [1])
  }

  @Test("q matches numbers as text: q=1 matches id 10, 11, 12 and price 1200")
  func qNumbersAsText() throws {
    #expect(try ids(query("q=1")) == [1, 10, 11, 12])
    #expect(try ids(query("q=4.5")) == [1])
  }

  @Test("q never matches falsy values (0), as json-server's deepQuery")
  func qSkipsFalsy() throws {
    // 12's only "0" is its price 0, which is falsy; 980, 850, 10/720 and 1200 all contain a "0".
    #expect(try ids(query("q=0")) == [1, 2, 10, 11])
  }

  @Test("an empty q filters nothing")
  func qEmpty() throws {
    #expect(try ids(query("q=")) == [1, 2, 10, 11, 12])
  }

  @Test("field equality compares text; repeating the parameter means OR")
  func equality() throws {
    #expect(try ids(query("category=カレー")) == [1, 11])
    #expect(try ids(query("category=カレー", "category=和食")) == [1, 10, 11])
    #expect(try ids(query("id=10")) == [10])
    #expect(try ids(query("rating=4.5")) == [1])
  }

  @Test("q and category combine (a search screen's request)")
  func qAndCategory() throws {
    #expect(try ids(query("q=curry", "category=カレー")) == [1, 11])
  }

  @Test("dotted paths reach nested fields")
  func dottedPath() throws {
    #expect(try ids(query("shop.area=Ueno")) == [1, 10])
    #expect(try ids(query("tags.0=noodle")) == [2])
  }

  @Test("elements without the field, or with null, are dropped by filters")
  func missingFieldDropped() throws {
    #expect(try ids(query("rating_gte=0")) == [1, 2, 10])
    #expect(try ids(query("rating_ne=4.5")) == [2, 10])
  }

  @Test("_ne excludes every listed value (AND over repeats)")
  func notEqual() throws {
    #expect(try ids(query("category_ne=カレー", "category_ne=和食")) == [2, 12])
  }

  @Test("_like is a case-insensitive regular expression")
  func like() throws {
    #expect(try ids(query("name_like=^curry")) == [10])
    #expect(try ids(query("name_like=c.rry$")) == [1, 11])
  }

  @Test("an invalid _like pattern is a QueryError, not a crash")
  func invalidLike() {
    #expect(throws: QueryError.invalidPattern(parameter: "name_like", pattern: "([")) {
      try engine.run(query("name_like=(["), on: dishes)
    }
  }

  @Test("a backtracking _like pattern stops at the time limit with a QueryError naming it")
  func patternTimeLimit() throws {
    // (.*a){25} over 24 a's tries every way to split them: minutes without a limit.
    let title = JSONValue.string(String(repeating: "a", count: 24) + "b")
    let pathological = [JSONValue.object(JSONObject([("id", .integer(1)), ("title", title)]))]
    let limited = QueryEngine(patternTimeLimit: .milliseconds(200))
    let start = ContinuousClock.now
    #expect(
      throws: QueryError.patternTimedOut(parameter: "title_like", pattern: "(.*a){25}", limit: .milliseconds(200))
    ) {
      try limited.run(query("title_like=(.*a)%7B25%7D"), on: pathological)
    }
    #expect(ContinuousClock.now - start < .seconds(5))
    #expect(
      QueryError.patternTimedOut(parameter: "title_like", pattern: "(.*a){25}", limit: .milliseconds(200)).description
        == "title_like=(.*a){25} took longer than the 200 ms a query may spend matching regular expressions; "
        + "use a simpler pattern")
    // Ordinary patterns are unaffected by the limit.
    #expect(try limited.run(query("name_like=curry"), on: dishes).items.count == 3)
  }

  @Test("the time limit is one allowance for the whole query, not one per element")
  func patternTimeLimitIsPerQuery() throws {
    // Each title alone takes a few milliseconds, far below the allowance; hundreds of them together exceed it.
    let title = String(repeating: "a", count: 10) + "b"
    let elements = (1...400).map { JSONValue.object(JSONObject([("id", .integer($0)), ("title", .string(title))])) }
    let limited = QueryEngine(patternTimeLimit: .milliseconds(100))
    #expect(throws: QueryError.self) { try limited.run(query("title_like=(.*a)%7B11%7D"), on: elements) }
  }

  @Test("hasPatterns is true exactly for queries with a _like filter")
  func hasPatterns() {
    #expect(QueryEngine.hasPatterns(query("title_like=x")))
    #expect(QueryEngine.hasPatterns(query("q=x", "shop.name_like=^a")))
    #expect(!QueryEngine.hasPatterns(query("q=x", "title=like", "_sort=title_like")))
  }

  @Test("_gte and _lte compare numbers numerically")
  func numericRange() throws {
    #expect(try ids(query("price_gte=850", "price_lte=1000")) == [1, 2])
    #expect(try ids(query("price_lte=720")) == [10, 12])
  }

  @Test("_gte compares strings in code-unit order")
  func stringRange() throws {
    #expect(try ids(query("name_gte=R")) == [2, 11])
  }

  @Test("unknown parameters are ignored, known fields are not")
  func unknownIgnored() throws {
    #expect(try ids(query("nonsense=1", "callback=x", "_=123")) == [1, 2, 10, 11, 12])
    #expect(try ids(query("name=nonsense")) == [])
  }

  @Test("_sort orders ascending by default and descending on request")
  func sort() throws {
    #expect(try ids(query("_sort=price")) == [12, 10, 2, 1, 11])
    #expect(try ids(query("_sort=price", "_order=desc")) == [11, 1, 2, 10, 12])
  }

  @Test("_sort with several keys, missing and null values last when ascending")
  func multiSort() throws {
    // Code-unit order: カ (U+30AB) < 中 (U+4E2D) < 和 (U+548C) < 韓 (U+97D3).
    #expect(try ids(query("_sort=category,price", "_order=asc,desc")) == [11, 1, 2, 10, 12])
    #expect(try ids(query("_sort=rating")) == [2, 10, 1, 11, 12])
    #expect(try ids(query("_sort=rating", "_order=desc")) == [12, 11, 1, 10, 2])
  }

  @Test("sorting is stable for equal keys")
  func stableSort() throws {
    #expect(try ids(query("_sort=shop.area")) == [2, 11, 12, 1, 10])
  }

  @Test("_page and _limit slice, count the total and describe the pages")
  func paging() throws {
    let result = try engine.run(query("_page=2", "_limit=2"), on: dishes)
    #expect(result.items == Array(dishes[2..<4]))
    #expect(result.totalCount == 5)
    #expect(result.pageLinks == PageLinks(current: 2, first: 1, prev: 1, next: 3, last: 3))
  }

  @Test("_page defaults _limit to 10 and clamps pages below 1 to 1")
  func pagingDefaults() throws {
    let result = try engine.run(query("_page=0"), on: dishes)
    #expect(result.items == dishes)
    #expect(result.totalCount == 5)
    #expect(result.pageLinks == PageLinks())
  }

  @Test("a page past the end is empty and has no links")
  func pagePastEnd() throws {
    let result = try engine.run(query("_page=9", "_limit=2"), on: dishes)
    #expect(result.items.isEmpty)
    #expect(result.totalCount == 5)
    #expect(result.pageLinks == nil)
  }

  @Test("the last page has prev but no next")
  func lastPage() throws {
    let result = try engine.run(query("_page=3", "_limit=2"), on: dishes)
    #expect(result.items == [dishes[4]])
    #expect(result.pageLinks == PageLinks(current: 3, first: 1, prev: 2, next: nil, last: 3))
  }

  @Test("_start and _end slice like Array.prototype.slice, with a total")
  func startEnd() throws {
    #expect(try ids(query("_start=1", "_end=3")) == [2, 10])
    #expect(try ids(query("_end=-1")) == [1, 2, 10, 11])
    #expect(try engine.run(query("_start=1", "_end=3"), on: dishes).totalCount == 5)
  }

  @Test("_start and _limit slice when there is no _page or _end")
  func startLimit() throws {
    #expect(try ids(query("_start=3", "_limit=5")) == [11, 12])
    #expect(try ids(query("_limit=1")) == [1])
    #expect(try engine.run(query("_limit=1"), on: dishes).totalCount == 5)
  }

  @Test("_start alone does not slice and reports no total")
  func startAlone() throws {
    let result = try engine.run(query("_start=2"), on: dishes)
    #expect(result.items.count == 5)
    #expect(result.totalCount == nil)
  }

  @Test("filters run before sorting, sorting before slicing, and the total counts the filtered list")
  func order() throws {
    let result = try engine.run(query("q=curry", "_sort=price", "_order=desc", "_limit=2"), on: dishes)
    #expect(result.items.map { $0["id"] } == [.integer(11), .integer(1)])
    #expect(result.totalCount == 3)
  }

  @Test("matching is on code units: a decomposed é matches 'e' but not a precomposed é")
  func noNormalisation() throws {
    let elements = [try json(#"{"id": 1, "title": "Cafe\u0301"}"#)]
    #expect(try engine.run(query("q=cafe"), on: elements).items.count == 1)
    #expect(try engine.run(query("q=caf%C3%A9"), on: elements).items.isEmpty)
  }

  @Test(
    "a query of 10,000 ids and 10,000 unknown names (some under a known field) over 10,000 items answers in seconds")
  func manyParameters() throws {
    // Each value of `id` was compared with every item, and each unknown name looked for in every item: 10^8 steps
    // each. A filter's values are now a set, and once names have cost a pass, every path the items hold is known.
    let items = (0..<10_000).map {
      JSONValue.object(JSONObject([("id", .integer($0)), ("shop", .object(JSONObject()))]))
    }
    let parameters =
      (0..<10_000).map { QueryParameter("id", String($0 * 2)) }
      + (0..<5_000).map { QueryParameter("unknown\($0).x", "1") }
      + (0..<5_000).map { QueryParameter("shop.unknown\($0)", "1") }
    let start = ContinuousClock.now
    let result = try engine.run(parameters, on: items)
    let elapsed = ContinuousClock.now - start
    #expect(result.items.count == 5_000)
    #expect(result.items.first == items[0])
    #expect(elapsed < .seconds(5), "took \(elapsed)")
  }

  @Test("after a pass over the items, a name applies exactly when some item holds its path, as before (random data)")
  func pathsAsScan() {
    let keys = ["a", "0", "01", "b.c", "", "-0"]
    var seed: UInt64 = 7
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    func value(depth: Int) -> JSONValue {
      switch depth == 0 ? 0 : next(3) {
      case 0: return .integer(next(3))
      case 1: return .object(JSONObject((0..<next(3)).map { _ in (keys[next(keys.count)], value(depth: depth - 1)) }))
      default: return .array((0..<next(3)).map { _ in value(depth: depth - 1) })
      }
    }
    for _ in 0..<300 {
      let items = (0..<next(5)).map { _ in value(depth: 3) }
      for _ in 0..<10 {
        let path = (0..<(1 + next(3))).map { _ in keys[next(keys.count)] }.joined(separator: ".")
        // `zz` is held by no item: looking for it costs a pass, and `path` is then answered from every path held.
        let result = try? engine.run([QueryParameter("zz", "1"), QueryParameter(path, "no such value")], on: items)
        let held = items.contains { $0.value(atPath: path) != nil }
        #expect(result?.items == (held ? [] : items), "path \(path) over \(items)")
      }
    }
  }
}
