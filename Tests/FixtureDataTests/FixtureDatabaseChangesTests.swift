import FixtureData
import Testing

/// What a scenario changes in the data: lists emptied (named or every one) and resources replaced.
@Suite("FixtureDatabase: emptying and replacing")
struct FixtureDatabaseChangesTests {
  let database = FixtureDatabase(
    root: JSONObject([
      ("items", .array([.integer(1)])), ("profile", .object(JSONObject([("name", .string("x"))]))),
      ("others", .array([.integer(2)])),
    ]))

  @Test("the lists are the array resources, in file order")
  func lists() {
    #expect(database.listNames == ["items", "others"])
  }

  @Test("emptying every list keeps singular resources and the order")
  func emptyingAll() throws {
    let emptied = try database.emptying(.all)
    #expect(emptied.resourceNames == ["items", "profile", "others"])
    #expect(emptied["items"] == .array([]))
    #expect(emptied["others"] == .array([]))
    #expect(emptied["profile"] == database["profile"])
    #expect(try database.emptying(ListSelection(spellings: ["x", "*"])) == emptied)
  }

  @Test("emptying named lists leaves the others")
  func emptyingNamed() throws {
    let emptied = try database.emptying(.named(["others"]))
    #expect(emptied["items"] == .array([.integer(1)]))
    #expect(emptied["others"] == .array([]))
  }

  @Test("a name that is not a list is refused, naming it and the lists")
  func notAList() {
    #expect(throws: FixtureDatabaseError.notAList("profile", lists: ["items", "others"])) {
      try database.emptying(.named(["profile"]))
    }
    #expect(throws: FixtureDatabaseError.notAList("nope", lists: ["items", "others"])) {
      try database.emptying(.named(["items", "nope"]))
    }
  }

  @Test("replacing serves the given resources in their place, and adds new names at the end")
  func replacing() {
    let replaced = database.replacing(with: JSONObject([("profile", .array([])), ("added", .object(JSONObject()))]))
    #expect(replaced.resourceNames == ["items", "profile", "others", "added"])
    #expect(replaced["profile"] == .array([]))
    #expect(replaced.listNames == ["items", "profile", "others"])
  }
}
