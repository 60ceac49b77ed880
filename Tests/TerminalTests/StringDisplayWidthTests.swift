import Testing

@testable import Terminal

@Suite("Truncation and padding by display width")
struct StringDisplayWidthTests {
  @Test("text that fits is unchanged")
  func fits() {
    #expect("hello".truncated(toWidth: 5) == "hello")
    #expect("日本".truncated(toWidth: 4) == "日本")
    #expect("".truncated(toWidth: 3) == "")
  }

  @Test("truncation appends the ellipsis within the width")
  func truncates() {
    #expect("hello world".truncated(toWidth: 8) == "hello...")
    #expect("hello world".truncated(toWidth: 6, ellipsis: "…") == "hello…")
    #expect("abc".truncated(toWidth: 0) == "")
    #expect("abcdef".truncated(toWidth: 2) == "..")
  }

  @Test("a wide character is never split: it is dropped whole")
  func neverSplitsWide() {
    // 3 columns for text + 1 for "…": "日" (2) fits, "本" would need columns 3-4.
    #expect("日本語".truncated(toWidth: 4, ellipsis: "…") == "日…")
    #expect("日本語".truncated(toWidth: 5, ellipsis: "…") == "日本…")
    #expect("a🍊b🍊".truncated(toWidth: 4, ellipsis: "…") == "a🍊…")
    #expect("👨‍👩‍👧👨‍👩‍👧".truncated(toWidth: 3, ellipsis: "…") == "👨‍👩‍👧…")
    for width in 0...12 {
      let result = "日本語のテキスト🇯🇵".truncated(toWidth: width, ellipsis: "…")
      #expect(displayWidth(of: result) <= width)
    }
  }

  @Test("combining marks stay with their base")
  func combining() {
    #expect("e\u{301}e\u{301}e\u{301}".truncated(toWidth: 2, ellipsis: "…") == "e\u{301}…")
  }

  @Test("padding by display width")
  func pads() {
    #expect("ab".padded(toWidth: 4) == "ab  ")
    #expect("日".padded(toWidth: 4) == "日  ")
    #expect("ab".padded(toWidth: 4, alignment: .trailing) == "  ab")
    #expect("a".padded(toWidth: 4, alignment: .center) == " a  ")
    #expect("abcdef".padded(toWidth: 3) == "abcdef")
  }

  @Test("fitted gives exactly the width")
  func fitted() {
    #expect("日本語".fitted(toWidth: 4, ellipsis: "…") == "日… ")
    #expect("ab".fitted(toWidth: 3) == "ab ")
    #expect(displayWidth(of: "日本語テキスト".fitted(toWidth: 7)) == 7)
  }
}
