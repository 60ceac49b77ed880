import FixtureData

/// One misbehaviour the fixture server can inject into a response, so clients can be tested against it.
///
/// Each fault has a text spelling, used by the `--fault` flag, the `X-Kumiki-Fault` request header and the
/// `/__faults` control endpoint:
///
/// | spelling | effect |
/// |---|---|
/// | `latency=MS` | wait MS milliseconds before answering (latencies add up) |
/// | `status=CODE` | answer with status CODE (200–599) and a JSON error body |
/// | `malformed-json` | `200`, JSON content type, a body that is not valid JSON |
/// | `truncated-body` | `Content-Length` of the full body, only half of it sent, then the connection closed |
/// | `wrong-types` | `200` with every number turned into a string and every string into a number |
/// | `huge-body` or `huge-body=BYTES` | `200` with a valid JSON body of at least BYTES (default 8 MiB, at most 64 MiB) |
/// | `reset` | the connection is reset (TCP RST) without any response |
/// | `drop-answer` | the request is served (a write is done and saved), then the connection is reset without its answer |
public enum InjectedFault: Sendable, Hashable, CustomStringConvertible {
  /// Delay the response.
  case latency(milliseconds: Int)
  /// Replace the response with this HTTP status and `{"error": …}`.
  case status(Int)
  /// Send a body that does not parse as JSON.
  case malformedJSON
  /// Promise more bytes than are sent, then close the connection.
  case truncatedBody
  /// Send well-formed JSON whose field types are wrong.
  case wrongFieldTypes
  /// Send a valid but very large JSON body of at least `bytes` bytes.
  case hugeBody(bytes: Int)
  /// Reset the connection instead of answering.
  case connectionReset
  /// Serve the request (a write happens), then reset the connection instead of sending the answer: an answer lost
  /// after the server stored the write.
  case answerDropped

  /// The size `huge-body` uses when no size is given: 8 MiB.
  public static let defaultHugeBodyBytes = 8 << 20
  /// The largest accepted `latency`: ten minutes.
  public static let maximumLatencyMilliseconds = 600_000
  /// The largest accepted `huge-body`: 64 MiB, six times json-server's largest request body. The body is produced
  /// and sent in chunks, so even this costs the server a chunk of memory at a time, not the whole body.
  public static let maximumHugeBodyBytes = 64 << 20

  /// Parses one spelling from the table above (surrounding spaces ignored, case-insensitive).
  /// - Throws: ``FaultSpecError`` naming the spelling and what is wrong with it.
  public init(parsing spec: String) throws(FaultSpecError) {
    let text = spec.trimmingWhitespace().lowercased()
    let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let name = parts[0]
    let argument = parts.count > 1 ? parts[1] : nil
    func number(in range: ClosedRange<Int>, unit: String) throws(FaultSpecError) -> Int {
      guard let argument else { throw FaultSpecError(spec: spec, reason: "\(name) needs =\(unit)") }
      guard let value = Int(argument), range.contains(value) else {
        throw FaultSpecError(
          spec: spec, reason: "\(unit) must be an integer in \(range.lowerBound)...\(range.upperBound)")
      }
      return value
    }
    func noArgument() throws(FaultSpecError) {
      guard argument == nil else { throw FaultSpecError(spec: spec, reason: "\(name) takes no value") }
    }
    switch name {
    case "latency": self = .latency(milliseconds: try number(in: 0...Self.maximumLatencyMilliseconds, unit: "MS"))
    case "status": self = .status(try number(in: 200...599, unit: "CODE"))
    case "malformed-json":
      try noArgument()
      self = .malformedJSON
    case "truncated-body":
      try noArgument()
      self = .truncatedBody
    case "wrong-types":
      try noArgument()
      self = .wrongFieldTypes
    case "huge-body":
      self = .hugeBody(
        bytes: argument == nil
          ? Self.defaultHugeBodyBytes : try number(in: 1...Self.maximumHugeBodyBytes, unit: "BYTES"))
    case "reset":
      try noArgument()
      self = .connectionReset
    case "drop-answer":
      try noArgument()
      self = .answerDropped
    default:
      throw FaultSpecError(
        spec: spec,
        reason: "unknown fault; expected latency=MS, status=CODE, malformed-json, truncated-body, wrong-types, "
          + "huge-body[=BYTES], reset or drop-answer")
    }
  }

  /// The canonical spelling, which ``init(parsing:)`` reads back.
  public var description: String {
    switch self {
    case .latency(let milliseconds): return "latency=\(milliseconds)"
    case .status(let code): return "status=\(code)"
    case .malformedJSON: return "malformed-json"
    case .truncatedBody: return "truncated-body"
    case .wrongFieldTypes: return "wrong-types"
    case .hugeBody(let bytes): return "huge-body=\(bytes)"
    case .connectionReset: return "reset"
    case .answerDropped: return "drop-answer"
    }
  }
}
