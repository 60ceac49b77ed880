import CoreTesting
import Foundation

/// Turns a valid recording into a hostile or broken one, for the fuzz suite: texts replaced (every one carries
/// ``HostileText/canary``), numbers made extreme, bytes flipped, lines cut, dropped, repeated or swapped, invalid
/// UTF-8, nesting too deep, or random bytes.
enum Mutator {
  static func mutate(_ base: String, using random: inout SplitMix64) -> Data {
    var lines = base.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var bytes: [UInt8]?
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<35: mutateJSON(&lines, using: &random, leaf: { hostileText(using: &$0) }, numbers: false)
      case 35..<50: mutateJSON(&lines, using: &random, leaf: nil, numbers: true)
      case 50..<62: mutateLines(&lines, using: &random)
      case 62..<80:
        var data = bytes ?? Array(lines.joined(separator: "\n").utf8)
        flipBytes(&data, using: &random)
        bytes = data
      case 80..<86:
        var data = bytes ?? Array(lines.joined(separator: "\n").utf8)
        let at = Int.random(in: 0...data.count, using: &random)
        data.insert(
          contentsOf: random.pick([[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE3, 0x81], [0xF4, 0x90]]), at: at)
        bytes = data
      case 86..<90:
        let depth = Int.random(in: 100...5_000, using: &random)
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        lines.insert(
          #"{"seq":99,"t":"2026-11-21T09:30:00.000Z","by":"user","action":"# + nested + "}", at: lines.count / 2)
      case 90..<95:
        bytes = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
      default:
        lines =
          Array(lines.prefix(1)) + (0..<Int.random(in: 0...5, using: &random)).map { _ in randomLine(using: &random) }
      }
    }
    return Data(bytes ?? Array(lines.joined(separator: "\n").utf8))
  }

  /// A text made of hostile pieces and random characters, with the canary.
  static func hostileText(using random: inout SplitMix64) -> String {
    var text = HostileText.canary
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      if random.chance(50) {
        text += random.pick(HostileText.pieces)
      } else {
        let scalars = (0..<Int.random(in: 1...12, using: &random)).compactMap { _ -> Unicode.Scalar? in
          let value: UInt32 = random.pick([
            UInt32.random(in: 0...0x7F, using: &random), UInt32.random(in: 0x80...0x9F, using: &random),
            random.pick([0x2028, 0x2029, 0x202E, 0x2066, 0xFEFF, 0x200B, 0x22, 0x5C, 0x23, 0x2A, 0x2F]),
            UInt32.random(in: 0x3040...0x30FF, using: &random), UInt32.random(in: 0x1F300...0x1F6FF, using: &random),
          ])
          return Unicode.Scalar(value)
        }
        text += String(String.UnicodeScalarView(scalars))
      }
    }
    return text + HostileText.canary
  }

  /// Replaces, in one line's JSON, each text (with `leaf`) or number (extreme values) with some chance.
  static func mutateJSON(
    _ lines: inout [String], using random: inout SplitMix64,
    leaf: ((inout SplitMix64) -> String)?, numbers: Bool
  ) {
    guard !lines.isEmpty else { return }
    let index = random.chance(30) ? 0 : Int.random(in: 0..<lines.count, using: &random)
    guard let object = try? JSONSerialization.jsonObject(with: Data(lines[index].utf8)) else { return }
    func walk(_ value: Any, key: String?) -> Any {
      switch value {
      case let object as [String: Any]:
        return Dictionary(uniqueKeysWithValues: object.map { ($0.key, walk($0.value, key: $0.key)) })
      case let array as [Any]:
        return array.map { walk($0, key: key) }
      case is String:
        // Keys the format needs ("kumiki", "t", "by", a feature's key) are changed less often, so most inputs
        // still read and replay and their texts reach the writer.
        let structural = ["kumiki", "t", "by", "feature", "features"].contains(key ?? "")
        if let leaf, random.chance(structural ? 5 : 60) { return leaf(&random) }
        return value
      case _ where numbers && (value is Int || value is Double || value is NSNumber) && random.chance(50):
        return random.pick([
          NSNumber(value: Int.max), NSNumber(value: Int.min), NSNumber(value: 0), NSNumber(value: -1),
          NSNumber(value: 1e308), NSNumber(value: -1e308), NSNumber(value: Double.leastNonzeroMagnitude),
          NSNumber(value: UInt64.max),
          NSNumber(value: 0.5),
        ])
      default:
        return value
      }
    }
    let mutated = walk(object, key: nil)
    guard let data = try? JSONSerialization.data(withJSONObject: mutated, options: [.fragmentsAllowed]) else { return }
    lines[index] = String(decoding: data, as: UTF8.self)
  }

  static func mutateLines(_ lines: inout [String], using random: inout SplitMix64) {
    guard !lines.isEmpty else { return }
    let index = Int.random(in: 0..<lines.count, using: &random)
    switch Int.random(in: 0..<5, using: &random) {
    case 0:  // truncated
      let line = Array(lines[index].unicodeScalars)
      lines[index] = String(String.UnicodeScalarView(line.prefix(Int.random(in: 0...line.count, using: &random))))
    case 1: lines.remove(at: index)
    case 2: lines.insert(lines[index], at: index)
    case 3: lines.swapAt(index, Int.random(in: 0..<lines.count, using: &random))
    default: lines.insert(random.pick(["", " ", "\r", "{}", "[]", "null", "\u{2028}", "\u{85}"]), at: index)
    }
  }

  static func flipBytes(_ data: inout [UInt8], using random: inout SplitMix64) {
    guard !data.isEmpty else { return }
    for _ in 0..<Int.random(in: 1...8, using: &random) {
      let at = Int.random(in: 0..<data.count, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0: data[at] = UInt8.random(in: 0...255, using: &random)
      case 1: data.remove(at: at)
      default: data.insert(random.pick(Array(#"{}[]",:"\#\0\n"#.utf8)), at: at)
      }
      if data.isEmpty { return }
    }
  }

  /// A random line: an action line with random parts, or random JSON.
  static func randomLine(using random: inout SplitMix64) -> String {
    let feature = random.pick(["search", "counter", "tally", "lossy", "nope", HostileText.canary])
    let action = random.pick([
      #"{"typed":{"_0":\#(quoted(hostileText(using: &random)))}}"#,
      #"{"add":{"_0":\#(Int.random(in: -9...9, using: &random))}}"#,
      #"{"notice":{}}"#, #"{"searching":{}}"#, #"{"bump":{}}"#, "[]", "null", "\"x\"",
    ])
    let by = random.pick(["user", "effect", "follow-up"])
    let seq = random.pick([1, 5, 12, 999, -1, 0])
    return
      #"{"seq":\#(seq),"t":"2026-11-21T09:30:00.125Z","by":"\#(by)","action":{"action":\#(action),"feature":"\#(feature)"}}"#
  }

  static func quoted(_ text: String) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
    return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
  }
}
