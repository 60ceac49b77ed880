import Terminal

/// Standard output under `--json`: what is written there is JSON, whose strings may hold bidirectional controls
/// from data (`TextSanitizer.isBidiControl`). They are written as `\uXXXX` escapes, the same JSON value, so a
/// terminal showing the output is not reordered by them; text output makes them inert instead (`TextSanitizer`).
/// Outside its strings JSON holds only ASCII, so an escape can only land inside a string.
struct JSONOutputStream: TextStream {
  /// Where the JSON goes.
  let base: any TextStream

  var isTerminal: Bool { base.isTerminal }
  var columns: Int? { base.columns }

  func write(_ text: String) { base.write(Self.escapingBidi(text)) }

  /// `text` with every bidirectional control written `\uXXXX`.
  static func escapingBidi(_ text: String) -> String {
    guard containsBidiControl(text) else { return text }
    var escaped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if TextSanitizer.isBidiControl(scalar) {
        let hex = String(scalar.value, radix: 16)
        escaped.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
      } else {
        escaped.append(scalar)
      }
    }
    return String(escaped)
  }

  /// Whether `text` holds a bidirectional control (`TextSanitizer.isBidiControl`), read from its UTF-8: U+061C is
  /// `D8 9C`, U+200E and U+200F `E2 80 8E`/`8F`, U+202A–U+202E `E2 80 AA`–`AE`, U+2066–U+2069 `E2 81 A6`–`A9` (a lead
  /// byte never appears inside another character's bytes). A few instructions a byte, against a few hundred a
  /// scalar for the scalars' view (`Benchmarks/README.md`, issue 38 round 4).
  static func containsBidiControl(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      guard bytes.count >= 2 else { return false }
      for index in 1..<bytes.count {
        let (previous, byte) = (bytes[index - 1], bytes[index])
        if previous == 0xD8, byte == 0x9C { return true }
        guard index >= 2, bytes[index - 2] == 0xE2 else { continue }
        if previous == 0x80, byte == 0x8E || byte == 0x8F || (0xAA...0xAE).contains(byte) { return true }
        if previous == 0x81, (0xA6...0xA9).contains(byte) { return true }
      }
      return false
    }
  }
}
