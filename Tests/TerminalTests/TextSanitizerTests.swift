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
