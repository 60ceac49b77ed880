import FeatureKit
import Testing

/// A route's text form and its checks against a declaration: nothing from outside is trusted.
struct RouteTests {
  let item = RouteDeclaration(
    "item", parameters: [.int("id", in: 1...999_999, sample: 6)], abstract: "One item")
  let search = RouteDeclaration(
    "search", parameters: [.string("keyword", maxLength: 10, sample: "カレー")], abstract: "A search")

  @Test func readsAndWritesItsTextForm() throws {
    let route = try Route(parsing: "archive/item/6")
    #expect(route == Route("archive", "item", .string("6")))
    #expect(Route("archive", "item", .int(6)).description == "archive/item/6")
    let keyword = Route("archive", "search", .string("a/b c%"))
    #expect(keyword.description == "archive/search/a%2Fb%20c%25")
    #expect(try Route(parsing: keyword.description) == keyword)
    #expect(try Route(parsing: "archive/search/カレー").arguments == [.string("カレー")])
    #expect(try Route(parsing: "home/top").arguments.isEmpty)
  }

  @Test(arguments: [
    "", "archive", "Archive/item/6", "archive//6", "/item/6", "archive/item/%E3", "archive/ITEM",
    "archive/a/1/2/3/4/5/6/7/8/9", String(repeating: "a", count: 1025),
  ])
  func refusesMalformedText(_ text: String) {
    #expect(throws: RouteError.self) { try Route(parsing: text) }
  }

  @Test func typesAndBoundsArguments() throws {
    #expect(try item.values(of: [.string("6")], owner: "archive").int("id") == 6)
    #expect(try item.values(of: [.int(999_999)], owner: "archive").int("id") == 999_999)
    #expect(throws: RouteError.invalid("archive/item/<id>", reason: "id must be from 1 to 999999")) {
      try item.values(of: [.int(0)], owner: "archive")
    }
    #expect(throws: RouteError.invalid("archive/item/<id>", reason: "id must be a whole number")) {
      try item.values(of: [.string("6x")], owner: "archive")
    }
    #expect(throws: RouteError.invalid("archive/item/<id>", reason: "id must be a whole number")) {
      try item.values(of: [.string("99999999999999999999999")], owner: "archive")
    }
    #expect(throws: RouteError.invalid("archive/item/<id>", reason: "takes 1 argument, not 0")) {
      try item.values(of: [], owner: "archive")
    }
  }

  @Test func checksText() throws {
    #expect(try search.values(of: [.string("カレー")], owner: "archive").string("keyword") == "カレー")
    #expect(throws: RouteError.invalid("archive/search/<keyword>", reason: "keyword must be 1 to 10 characters")) {
      try search.values(of: [.string(String(repeating: "x", count: 11))], owner: "archive")
    }
    #expect(throws: RouteError.self) { try search.values(of: [.string("")], owner: "archive") }
    #expect(
      throws: RouteError.invalid("archive/search/<keyword>", reason: "keyword must not contain control characters")
    ) { try search.values(of: [.string("a\u{1B}[2J")], owner: "archive") }
    #expect(throws: RouteError.invalid("archive/search/<keyword>", reason: "keyword must not start with -")) {
      try search.values(of: [.string("--json")], owner: "archive")
    }
  }

  @Test func patternsAndSamples() {
    #expect(item.pattern(owner: "archive") == "archive/item/<id>")
    #expect(search.sample(owner: "curry") == Route("curry", "search", .string("カレー")))
  }
}
