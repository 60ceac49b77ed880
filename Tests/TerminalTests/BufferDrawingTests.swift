import Testing

@testable import Terminal

@Suite("Buffer drawing")
struct BufferDrawingTests {
  @Test("drawBox draws an ASCII border by default")
  func box() {
    var buffer = Buffer(width: 6, height: 4)
    buffer.drawBox(Rect(x: 1, y: 0, width: 4, height: 3))
    #expect(buffer.text == " +--+\n |  |\n +--+\n")
  }

  @Test("drawBox clips, and thin boxes draw a line")
  func clippedBox() {
    var buffer = Buffer(width: 5, height: 3)
    buffer.drawBox(Rect(x: 2, y: 1, width: 10, height: 10))
    #expect(buffer.text == "\n  +--\n  |")
    var line = Buffer(width: 4, height: 1)
    line.drawBox(Rect(x: 0, y: 0, width: 4, height: 1), glyphs: .light)
    #expect(line.text == "┌──┐")
  }

  @Test("box glyphs that aren't one column fall back to ASCII")
  func glyphFallback() {
    let glyphs = BoxGlyphs(
      topLeft: "日", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "🍊", vertical: "\u{7}")
    #expect(glyphs == .ascii)
  }

  @Test("fill tiles characters, padding a wide character's leftover column with a space")
  func fill() {
    var buffer = Buffer(width: 6, height: 2)
    buffer.fill(Rect(x: 0, y: 0, width: 5, height: 1), with: "日")
    buffer.fill(Rect(x: 1, y: 1, width: 2, height: 5), with: "#", style: Style(attributes: .bold))
    #expect(buffer.text == "日日\n ##")
    #expect(buffer[1, 1].style.attributes == .bold)
    expectInvariants(buffer)
  }

  @Test("a golden frame")
  func goldenFrame() {
    var buffer = Buffer(width: 20, height: 5)
    buffer.drawBox(buffer.bounds)
    buffer.put(" Inbox (3) ", x: 2, y: 0, style: Style(attributes: .bold))
    buffer.put("🍊 オレンジ — fresh", x: 2, y: 1, clip: buffer.bounds.insetBy(1))
    buffer.put("e\u{301}te\u{301} 🇯🇵", x: 2, y: 2)
    buffer.put("\u{1B}]52;c;x\u{7}", x: 2, y: 3, clip: buffer.bounds.insetBy(1))
    let expected = """
      +- Inbox (3) ------+
      | 🍊 オレンジ — fre|
      | e\u{301}te\u{301} 🇯🇵           |
      | \u{FFFD}]52;c;x\u{FFFD}        |
      +------------------+
      """
    #expect(buffer.text == expected)
  }
}
