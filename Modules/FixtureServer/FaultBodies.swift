import FixtureData

/// The pure payload transformations behind the body-altering faults.
enum FaultBodies {
  /// The text appended to a cut-off body by the malformed-JSON fault.
  static let malformedTail = Array("<kumiki: injected malformed JSON".utf8)

  /// The first half of `body` (cut at a UTF-8 boundary, at least one byte) followed by ``malformedTail``: text that
  /// starts like the real answer but can never parse as JSON.
  static func malformed(_ body: [UInt8]) -> [UInt8] {
    var cut = max(1, body.count / 2)
    while cut > 1, cut < body.count, body[cut] & 0xC0 == 0x80 { cut -= 1 }
    return Array(body.prefix(cut)) + malformedTail
  }

  /// The number of bytes of a `count`-byte body that the truncated-body fault sends: half, at least one, and
  /// always fewer than `count` (0 for an empty body).
  static func truncatedLength(of count: Int) -> Int {
    count <= 1 ? 0 : max(1, count / 2)
  }

  /// `value` with every number replaced by its text, every string by its length in characters, every boolean by
  /// its text and every `null` by `0`; arrays and objects keep their shape.
  static func wrongTypes(_ value: JSONValue) -> JSONValue {
    switch value {
    case .null: return .integer(0)
    case .bool(let flag): return .string(flag ? "true" : "false")
    case .integer, .double: return .string(value.javaScriptText)
    case .string(let text): return .integer(text.count)
    case .array(let elements): return .array(elements.map(wrongTypes))
    case .object(let object):
      return .object(JSONObject(object.members.map { ($0.key, wrongTypes($0.value)) }))
    }
  }

  /// A compact JSON text of at least `minimumBytes` bytes that still has the payload's shape, as a ``HugeBody``
  /// to send in chunks.
  ///
  /// A non-empty array is repeated: the first copy is unchanged, later copies get integer `id`s shifted past
  /// every original id so ids stay unique. Anything else is padded: an object gets a `_padding` string member,
  /// other values become `[value, padding]`.
  static func huge(_ payload: JSONValue, minimumBytes: Int) -> HugeBody {
    let writer = JSONWriter(prettyPrinted: false)
    guard case .array(let elements) = payload, !elements.isEmpty else {
      let sentinel = JSONValue.string("\u{1}kumiki-padding\u{1}")
      let bytes: [UInt8]
      if case .object(var object) = payload {
        object["_padding"] = sentinel
        bytes = writer.bytes(of: .object(object))
      } else {
        bytes = writer.bytes(of: .array([payload, sentinel]))
      }
      let sentinelBytes = writer.bytes(of: sentinel)
      let range = bytes.firstRange(of: sentinelBytes) ?? bytes.endIndex..<bytes.endIndex
      return HugeBody(
        .padded(
          before: Array(bytes[..<range.lowerBound]), padding: max(0, minimumBytes),
          after: Array(bytes[range.upperBound...])))
    }
    let sentinel = JSONValue.string("\u{1}kumiki-id\u{1}")
    let sentinelBytes = writer.bytes(of: sentinel)
    // Ids lie in -m...m, so shifting copy k by k * (2m + 1) keeps them unique. Absurdly large ids are left alone.
    let largestMagnitude = elements.reduce(UInt(0)) { largest, element in
      guard case .integer(let id)? = element["id"] else { return largest }
      return max(largest, id.magnitude)
    }
    let stride = largestMagnitude > 1_000_000_000 ? 0 : Int(largestMagnitude) * 2 + 1
    // Each element as a template: the bytes before and after its id, or its whole text when it has no integer id.
    let templates: [HugeBody.Template] = elements.map { element in
      guard case .object(var object) = element, case .integer(let id)? = object["id"], stride > 0 else {
        return HugeBody.Template(before: writer.bytes(of: element), id: nil, after: [])
      }
      object["id"] = sentinel
      let bytes = writer.bytes(of: .object(object))
      guard let range = bytes.firstRange(of: sentinelBytes) else {
        return HugeBody.Template(before: writer.bytes(of: element), id: nil, after: [])
      }
      return HugeBody.Template(
        before: Array(bytes[..<range.lowerBound]), id: id, after: Array(bytes[range.upperBound...]))
    }
    // As many copies as it takes: `[` plus the copies plus `]` reach minimumBytes, and there is at least one.
    var length = 1
    var copies = 0
    while length + 1 < minimumBytes || copies == 0 {
      length += HugeBody.length(ofCopy: copies, templates, stride: stride)
      copies += 1
    }
    return HugeBody(.repeated(templates: templates, stride: stride, copies: copies))
  }
}
