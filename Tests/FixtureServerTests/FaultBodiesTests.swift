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
    let bytes = FaultBodies.huge(payload, minimumBytes: 100_000).bytes
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
    let bytes = FaultBodies.huge(try json(#"{"id": 1}"#), minimumBytes: 5000).bytes
    #expect(bytes.count >= 5000)
    #expect(try JSONParser.parse(bytes)["id"] == .integer(1))
  }

  @Test(
    "a huge body is the same in chunks of any size, and its length is known before the first byte",
    arguments: [1, 7, 1000, 1 << 20])
  func hugeBodyChunks(size: Int) throws {
    for (payload, minimum) in [
      (self.payload, 20_000), (try json(#"{"id": 1, "_padding": 0, "t": "x"}"#), 3000), (try json("42"), 10),
      (try json("[]"), 100), (try json(#"[{"id": -5}, {"id": "s"}, 3]"#), 5000), (self.payload, 0),
    ] {
      let body = FaultBodies.huge(payload, minimumBytes: minimum)
      var chunks = body.chunks(ofSize: size)
      var streamed: [UInt8] = []
      var pieces = 0
      while let chunk = chunks.next() {
        streamed += chunk
        pieces += 1
      }
      #expect(streamed == body.bytes)
      #expect(streamed.count == body.count)
      #expect(streamed.count >= minimum)
      #expect(pieces <= body.count / size + 2)
      #expect((try? JSONParser.parse(streamed)) != nil, "\(String(decoding: streamed.prefix(80), as: UTF8.self))")
    }
  }

  @Test("truncation always sends something and never everything")
  func truncatedLength() {
    #expect(FaultBodies.truncatedLength(of: 100) == 50)
    #expect(FaultBodies.truncatedLength(of: 3) == 1)
    #expect(FaultBodies.truncatedLength(of: 1) == 0)
  }
}
