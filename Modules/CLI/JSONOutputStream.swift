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
    // Every bidirectional control's UTF-8 starts with D8 (U+061C) or E2 (U+200E…U+2069): a byte scan rules most
    // text out before the scalars are looked at.
    guard text.utf8.contains(where: { $0 == 0xD8 || $0 == 0xE2 }),
      text.unicodeScalars.contains(where: TextSanitizer.isBidiControl)
    else { return text }
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
}
