import Testing

@testable import Terminal

@Suite("Display width")
struct DisplayWidthTests {
  @Test(
    "width of one grapheme cluster",
    arguments: [
      ("a", 1), (" ", 1), ("~", 1),
      ("日", 2), ("한", 2), ("ｱ", 1), ("Ａ", 2),
      ("🍊", 2), ("😀", 2),
      ("e\u{301}", 1), ("a\u{308}\u{323}", 1),
      ("🇯🇵", 2), ("🇫🇷", 2),
      ("👨‍👩‍👧", 2), ("👍🏽", 2), ("👍", 2),
      ("❤", 1), ("❤️", 1), ("❤\u{FE0E}", 1), ("🍊\u{FE0E}", 2), ("あ\u{200D}", 2), ("\u{200D}", 0), ("\u{FE0F}", 0),
      ("©", 1), ("©️", 1), ("#️⃣", 1),
      ("\u{1B}", 0), ("\u{7}", 0), ("\u{7F}", 0), ("\u{9B}", 0), ("\u{0}", 0), ("\r\n", 0), ("\t", 0),
      ("\u{301}", 0), ("\u{200B}", 0),
    ] as [(Character, Int)])
  func characterWidth(character: Character, expected: Int) {
    #expect(displayWidth(of: character) == expected, "\(character.unicodeScalars.map { $0.value })")
  }

  /// Printable ASCII is measured a byte at a time: for every ASCII byte in a string, the width is still the sum of
  /// its clusters' widths (a control, DEL or CR LF among them takes the cluster path).
  @Test("an ASCII string's width is its clusters' sum, every byte")
  func asciiStringWidth() {
    for byte in UInt8(0)...0x7F {
      let text = "ab" + String(UnicodeScalar(byte)) + "\r\ncd" + String(UnicodeScalar(byte))
      #expect(displayWidth(of: text) == text.reduce(0) { $0 + displayWidth(of: $1) }, "byte \(byte)")
      let printable = "ab" + String(UnicodeScalar(byte)) + "cd"
      #expect(displayWidth(of: printable) == printable.reduce(0) { $0 + displayWidth(of: $1) }, "byte \(byte)")
    }
  }

  @Test("string width sums clusters, never scalars")
  func stringWidth() {
    #expect(displayWidth(of: "abc") == 3)
    #expect(displayWidth(of: "日本語") == 6)
    #expect(displayWidth(of: "a👨‍👩‍👧b") == 4)
    #expect(displayWidth(of: "👍🏽🇯🇵") == 4)
    #expect(displayWidth(of: "") == 0)
    #expect(displayWidth(of: "a\u{1B}[31mb") == 6)  // ESC counts 0; "[31m" are printable
    #expect(displayWidth(of: "日本語".dropFirst()) == 4)
  }

  @Test("clusters terminals may disagree on need a cursor resync; ASCII and CJK don't")
  func resync() {
    #expect(!ClusterMetrics("a").needsResync)
    #expect(!ClusterMetrics("日").needsResync)
    #expect(!ClusterMetrics("é").needsResync)
    #expect(ClusterMetrics("🍊").needsResync)
    #expect(ClusterMetrics("🇯🇵").needsResync)
    #expect(ClusterMetrics("❤️").needsResync)
    #expect(ClusterMetrics("❤").needsResync)
    #expect(ClusterMetrics("e\u{301}").needsResync)
  }
}
