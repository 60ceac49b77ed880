import CoreTesting
import Testing

@testable import Terminal

@Suite("Text sanitizer")
struct TextSanitizerTests {
  @Test("plain text is returned unchanged")
  func plain() {
    #expect(TextSanitizer.inert("hello, 世界 🍊") == "hello, 世界 🍊")
    #expect(TextSanitizer.inert("") == "")
  }

  /// Printable ASCII is returned as it is without decoding; every other ASCII byte (controls, DEL) is still replaced.
  @Test("every ASCII byte: printable ones kept, controls and DEL replaced")
  func everyASCIIByte() {
    for byte in UInt8(0)...0x7F {
      let text = "a" + String(UnicodeScalar(byte)) + "b"
      let printable = byte >= 0x20 && byte < 0x7F
      #expect((TextSanitizer.inert(text) == text) == printable, "byte \(byte)")
    }
  }

  /// Issue 34: bidirectional controls passed raw: a right-to-left override in a name reorders what a terminal
  /// shows after it (`\u{202E}txt.exe` reads `exe.txt`).
  @Test(
    "bidirectional controls become U+FFFD",
    arguments: [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
      as [UInt32])
  func bidi(value: UInt32) {
    let control = String(Unicode.Scalar(value)!)
    #expect(TextSanitizer.inert("a\(control)txt.exe") == "a\u{FFFD}txt.exe")
    #expect(TextSanitizer.inert(control, keepingLineBreaks: true) == "\u{FFFD}")
    #expect(TextSanitizer.isBidiControl(Unicode.Scalar(value)!))
  }

  @Test("other format characters are not bidi controls: kept (the cells leave out joiners and selectors)")
  func notBidi() {
    #expect(TextSanitizer.inert("👨\u{200D}👩 x\u{200B}y 日\u{FE0F}") == "👨\u{200D}👩 x\u{200B}y 日\u{FE0F}")
  }

  @Test("CSI sequences lose their ESC")
  func csi() {
    #expect(TextSanitizer.inert("\u{1B}[31mred\u{1B}[0m") == "^[[31mred^[[0m")
    #expect(TextSanitizer.inert("\u{1B}[2J\u{1B}[H") == "^[[2J^[[H")
  }

  @Test("OSC 52 clipboard write and OSC title are inert")
  func osc() {
    let clipboard = "\u{1B}]52;c;ZXZpbA==\u{7}"
    #expect(TextSanitizer.inert(clipboard) == "^[]52;c;ZXZpbA==^G")
    #expect(TextSanitizer.inert("\u{1B}]0;title\u{1B}\\") == "^[]0;title^[\\")
  }

  @Test("C1 controls (8-bit CSI, OSC, DCS) become U+FFFD")
  func c1() {
    #expect(TextSanitizer.inert("\u{9B}31m") == "\u{FFFD}31m")
    #expect(TextSanitizer.inert("\u{9D}52;c;x\u{9C}") == "\u{FFFD}52;c;x\u{FFFD}")
    #expect(TextSanitizer.inert("\u{90}qpayload\u{9C}") == "\u{FFFD}qpayload\u{FFFD}")
    #expect(TextSanitizer.inert("\u{85}") == "\u{FFFD}")
  }

  @Test("C0 controls and DEL use caret notation")
  func c0() {
    #expect(TextSanitizer.inert("a\u{0}b\u{8}c\u{7F}") == "a^@b^Hc^?")
    #expect(TextSanitizer.inert("line\r\nnext\ttab") == "line^M^Jnext^Itab")
  }

  @Test("keepingLineBreaks keeps LF and TAB, folds CR LF, still replaces a lone CR")
  func lineBreaks() {
    #expect(TextSanitizer.inert("a\nb\tc", keepingLineBreaks: true) == "a\nb\tc")
    #expect(TextSanitizer.inert("a\r\nb", keepingLineBreaks: true) == "a\nb")
    #expect(TextSanitizer.inert("a\rb", keepingLineBreaks: true) == "a^Mb")
    #expect(TextSanitizer.inert("\u{1B}[1m\n", keepingLineBreaks: true) == "^[[1m\n")
  }

  @Test("the output never holds a control character", arguments: 0..<32)
  func noControlsSurvive(seed: Int) {
    var generator = SplitMix64(seed: UInt64(seed))
    let text = String.random(scalars: 64, using: &generator)
    let inert = TextSanitizer.inert(text)
    #expect(!inert.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
  }
}
