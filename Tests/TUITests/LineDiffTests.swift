import Foundation
import Testing

@testable import TUI

@Suite("Line diff and state dump")
struct LineDiffTests {
  @Test("the diff keeps common lines and marks removed and added ones")
  func diff() {
    let lines = LineDiff.diff(["a", "b", "c", "d"], ["a", "x", "c", "d", "e"])
    #expect(lines == [.same("a"), .removed("b"), .added("x"), .same("c"), .same("d"), .added("e")])
    #expect(LineDiff.diff([], []) == [])
    #expect(LineDiff.diff(["a"], []) == [.removed("a")])
    #expect(LineDiff.hunks(lines, context: 0) == [.removed("b"), .added("x"), nil, .added("e")])
    #expect(LineDiff.hunks(LineDiff.diff(["a"], ["a"])) == [])
  }

  @Test("the dump shows nested values one per line, sorted sets, optionals and enums")
  func dump() {
    struct Inner: Equatable {
      var tags: Set<String>
      var note: String?
    }
    enum Mode { case idle, busy(Int) }
    struct Outer {
      var name: String
      var inner: Inner
      var mode: Mode
      var idle: Mode
      var list: [Int]
    }
    let lines = StateDump.lines(
      of: Outer(name: "寿司", inner: Inner(tags: ["b", "a"], note: nil), mode: .busy(3), idle: .idle, list: [1, 2]))
    #expect(
      lines == [
        "Outer", #"  name: "寿司""#, "  inner: Inner", "    tags: [2]", #"      [0]: "a""#, #"      [1]: "b""#,
        "    note: nil", "  mode: .busy", "    3", "  idle: .idle", "  list: [2]", "    [0]: 1", "    [1]: 2",
      ])
  }

  @Test("Foundation values are one line each, not their implementation's stored properties")
  func foundationLeaves() throws {
    struct Link {
      var url: URL
      var at: Date
      var id: UUID
      var body: Data
      var price: Decimal
    }
    let id = try #require(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
    let link = Link(
      url: try #require(URL(string: "https://images.kumiki.example/a.jpg")), at: Date(timeIntervalSince1970: 0.25),
      id: id, body: Data([1, 2, 3]), price: Decimal(string: "12.5")!)
    #expect(
      StateDump.lines(of: link) == [
        "Link", #"  url: URL("https://images.kumiki.example/a.jpg")"#, "  at: Date(1970-01-01T00:00:00.250Z)",
        "  id: UUID(6F9619FF-8B86-D011-B42D-00C04FC964FF)", "  body: Data(3 bytes)", "  price: Decimal(12.5)",
      ])
  }
}
