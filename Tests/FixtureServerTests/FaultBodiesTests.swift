import FixtureData
import Foundation
import Testing

@testable import FixtureServer

@Suite("FaultBodies: payload transformations")
struct FaultBodiesTests {
  let payload: JSONValue

  init() throws {
    payload = try json(#"[{"id": 1, "title": "カレー", "rating": 4.5, "ok": true}, {"id": 7, "title": "x", "n": null}]"#)
  }

  @Test("malformed output starts like the real body but is not JSON")
  func malformed() throws {
    let body = JSONWriter().bytes(of: payload)
    let broken = FaultBodies.malformed(body)
    #expect(broken.starts(with: body.prefix(broken.count - FaultBodies.malformedTail.count)))
    #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(broken)) }
    #expect(String(validating: broken, as: UTF8.self) != nil)
  }

  @Test("wrong types swap numbers and strings but keep the shape")
  func wrongTypes() throws {
    #expect(
      FaultBodies.wrongTypes(payload)
        == (try json(#"[{"id": "1", "title": 3, "rating": "4.5", "ok": "true"}, {"id": "7", "title": 1, "n": 0}]"#)))
  }

  @Test("a huge list is valid JSON of at least the asked size with unique ids")
  func hugeList() throws {
    let bytes = FaultBodies.huge(payload, minimumBytes: 100_000)
    #expect(bytes.count >= 100_000)
    guard case .array(let elements) = try JSONParser.parse(bytes) else {
      Issue.record("not an array")
      return
    }
    let ids = elements.compactMap { $0["id"] }
    #expect(ids.count == elements.count)
    #expect(Set(ids).count == ids.count)
    #expect(Array(elements.prefix(2)) == { if case .array(let original) = payload { original } else { [] } }())
  }

  @Test("a huge object is padded")
  func hugeObject() throws {
    let bytes = FaultBodies.huge(try json(#"{"id": 1}"#), minimumBytes: 5000)
    #expect(bytes.count >= 5000)
    #expect(try JSONParser.parse(bytes)["id"] == .integer(1))
  }

  @Test("truncation always sends something and never everything")
  func truncatedLength() {
    #expect(FaultBodies.truncatedLength(of: 100) == 50)
    #expect(FaultBodies.truncatedLength(of: 3) == 1)
    #expect(FaultBodies.truncatedLength(of: 1) == 0)
  }
}
