import Foundation
import Networking
import Testing

@testable import QueryCache

/// The list changes an ``OptimisticChange`` declares (insert, remove, move), made on a collection answer: what each
/// does, and what a change that does not fit leaves alone.
@Suite struct ListChangeTests {
  struct Item: Encodable {
    var id: Int?
    var title: String
  }

  static var list: [Any] { [["id": 1, "title": "a"], ["id": "two", "title": "b"], ["id": 3, "title": "c"]] }

  /// The ids of `list`, as text.
  static func ids(_ list: [Any]) -> [String?] { list.map { ListChange.idText(($0 as? [String: Any])?["id"]) } }

  static func parsed(_ change: OptimisticChange) throws -> ListChange {
    try #require(ListChange(json: change.merge))
  }

  @Test func anInsertAddsTheItemLastOrFirstOnceOnly() throws {
    let last = try Self.parsed(try .insert(Item(id: 4, title: "d"), into: "items"))
    #expect(Self.ids(last.applied(to: Self.list)) == ["1", "two", "3", "4"])
    let first = try Self.parsed(try .insert(Item(id: 4, title: "d"), into: "items", atStart: true))
    #expect(Self.ids(first.applied(to: Self.list)) == ["4", "1", "two", "3"])
    // The server's answer has it already: not twice.
    #expect(Self.ids(last.applied(to: last.applied(to: Self.list))) == ["1", "two", "3", "4"])
    // An item without an id (the server makes it) is added.
    let new = try Self.parsed(try .insert(Item(title: "new"), into: "items"))
    #expect(new.applied(to: Self.list).count == 4)
  }

  @Test func aRemoveTakesOutTheItemWithThatIdNumberOrText() throws {
    #expect(Self.ids(try Self.parsed(.remove(id: "3", from: "items")).applied(to: Self.list)) == ["1", "two"])
    #expect(Self.ids(try Self.parsed(.remove(id: "two", from: "items")).applied(to: Self.list)) == ["1", "3"])
    #expect(Self.ids(try Self.parsed(.remove(id: "9", from: "items")).applied(to: Self.list)) == ["1", "two", "3"])
  }

  @Test func aMoveReordersWithinTheList() throws {
    #expect(Self.ids(try Self.parsed(.move(id: "3", in: "items", to: 0)).applied(to: Self.list)) == ["3", "1", "two"])
    #expect(Self.ids(try Self.parsed(.move(id: "1", in: "items", to: 1)).applied(to: Self.list)) == ["two", "1", "3"])
    #expect(Self.ids(try Self.parsed(.move(id: "1", in: "items", to: 99)).applied(to: Self.list)) == ["two", "3", "1"])
    #expect(Self.ids(try Self.parsed(.move(id: "1", in: "items", to: -5)).applied(to: Self.list)) == ["1", "two", "3"])
    #expect(Self.ids(try Self.parsed(.move(id: "9", in: "items", to: 0)).applied(to: Self.list)) == ["1", "two", "3"])
  }

  @Test(arguments: [
    #"{"title":"a merge"}"#, #"[]"#, #"["insert","middle",{}]"#, #"["insert","last"]"#, #"["remove",true]"#,
    #"["remove",1.5]"#, #"["move","1",-1]"#, #"["move","1",1e20]"#, #"["drop","1"]"#, #"[1,2]"#,
  ])
  func whatIsNoListChangeThisBuildKnowsIsNone(json: String) {
    #expect(ListChange(json: Data(json.utf8)) == nil)
  }

  @Test func idsAreTextOrWholeNumbers() {
    #expect(ListChange.idText("a") == "a")
    #expect(ListChange.idText(NSNumber(value: 42)) == "42")
    #expect(ListChange.idText(NSNumber(value: 4.5)) == nil)
    #expect(ListChange.idText(nil) == nil)
    #expect(ListChange.idText(["a"]) == nil)
  }
}
