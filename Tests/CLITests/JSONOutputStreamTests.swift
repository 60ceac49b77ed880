import Terminal
import Testing

@testable import CLI

/// Standard output under `--json` writes bidirectional controls as `\uXXXX`; it finds them by their UTF-8 bytes.
@Suite struct JSONOutputStreamTests {
  @Test func theByteScanFindsWhatTheScalarCheckFinds() {
    let scalars = (0...0x3000).compactMap(Unicode.Scalar.init) + ["\u{FEFF}", "\u{1F35B}", "\u{E0001}"]
    for scalar in scalars {
      for text in [String(scalar), "カレー" + String(scalar) + "…", "a\u{2026}" + String(scalar)] {
        #expect(
          JSONOutputStream.containsBidiControl(text)
            == text.unicodeScalars.contains(where: TextSanitizer.isBidiControl),
          "U+\(String(scalar.value, radix: 16))")
      }
    }
  }

  @Test func bidiControlsAreEscapedAndOtherTextIsKept() {
    #expect(JSONOutputStream.escapingBidi(#"{"t":"a\#u{202E}b\#u{61C}"}"#) == #"{"t":"a\u202eb\u061c"}"#)
    let text = #"{"t":"春の食材フェア…🌸 — ※"}"#
    #expect(JSONOutputStream.escapingBidi(text) == text)
  }
}
