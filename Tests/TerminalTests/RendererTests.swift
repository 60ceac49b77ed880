import CoreTesting
import Testing

@testable import Terminal

@Suite("Renderer")
struct RendererTests {
  /// A renderer that has already drawn `buffer` (its full repaint is discarded).
  func primed(with buffer: Buffer) -> Renderer {
    var renderer = Renderer()
    _ = renderer.render(buffer)
    return renderer
  }

  func frame(_ body: String) -> String { "\(esc)[?2026h\(body)\(esc)[?2026l" }

  @Test("the first frame repaints fully: reset, clear, then only non-blank cells")
  func firstFrame() {
    var buffer = Buffer(width: 10, height: 3)
    buffer.put("hi", x: 0, y: 1)
    var renderer = Renderer()
    #expect(renderer.render(buffer).text == frame("\(esc)[0m\(esc)[2J\(esc)[2Hhi"))
  }

  @Test("an unchanged frame produces no bytes")
  func unchanged() {
    var buffer = Buffer(width: 10, height: 3)
    buffer.put("hi", x: 0, y: 1)
    var renderer = primed(with: buffer)
    #expect(renderer.render(buffer).isEmpty)
  }

  @Test("one changed cell: one cursor position and the character")
  func oneCell() {
    var buffer = Buffer(width: 10, height: 3)
    var renderer = primed(with: buffer)
    buffer.put("x", x: 2, y: 1)
    #expect(renderer.render(buffer).text == frame("\(esc)[2;3Hx"))
  }

  @Test("a style change emits SGR once, then again only when the style changes")
  func styleChange() {
    var buffer = Buffer(width: 10, height: 1)
    var renderer = primed(with: buffer)
    buffer.put("ab", x: 0, y: 0, style: Style(foreground: .red, attributes: .bold))
    buffer.put("c", x: 2, y: 0, style: Style(foreground: .indexed(208), background: .rgb(1, 2, 3)))
    buffer.put("d", x: 3, y: 0)
    #expect(
      renderer.render(buffer).text
        == frame("\(esc)[1H\(esc)[0;1;31mab\(esc)[0;38;5;208;48;2;1;2;3mc\(esc)[0md"))
    buffer.put("e", x: 3, y: 0, style: Style(foreground: .brightCyan, background: .brightBlack, attributes: .reverse))
    #expect(renderer.render(buffer).text == frame("\(esc)[1;4H\(esc)[0;7;96;100me"))
  }

  @Test("a gap of up to 4 unchanged cells is rewritten; a longer one is jumped")
  func rewriteVersusJump() {
    var buffer = Buffer(width: 20, height: 1)
    buffer.put("abcdefghijklmnop", x: 0, y: 0)
    var renderer = primed(with: buffer)
    buffer.put("X", x: 1, y: 0)
    buffer.put("Y", x: 6, y: 0)  // gap c d e f: 4 cells, rewritten
    #expect(renderer.render(buffer).text == frame("\(esc)[1;2HXcdefY"))
    buffer.put("1", x: 1, y: 0)
    buffer.put("2", x: 7, y: 0)  // gap c d e f Y: 5 cells, jumped
    #expect(renderer.render(buffer).text == frame("\(esc)[1;2H1\(esc)[1;8H2"))
  }

  @Test("a rewritten gap keeps each cell's style")
  func rewriteWithStyles() {
    var buffer = Buffer(width: 10, height: 1)
    buffer.put("ab", x: 0, y: 0)
    buffer.put("c", x: 2, y: 0, style: Style(attributes: .underline))
    buffer.put("d", x: 3, y: 0)
    var renderer = primed(with: buffer)
    buffer.put("A", x: 1, y: 0)
    buffer.put("D", x: 3, y: 0)
    #expect(renderer.render(buffer).text == frame("\(esc)[1;2HA\(esc)[0;4mc\(esc)[0mD"))
  }

  @Test("a wide CJK character advances the cursor by two without repositioning")
  func wideCharacter() {
    var buffer = Buffer(width: 10, height: 1)
    var renderer = primed(with: buffer)
    buffer.put("日a", x: 2, y: 0)
    #expect(renderer.render(buffer).text == frame("\(esc)[1;3H日a"))
    buffer.put("b", x: 2, y: 0)  // overwrites the left half: the right half becomes a space
    #expect(renderer.render(buffer).text == frame("\(esc)[1;3Hb "))
  }

  @Test("after an emoji, flag or variation sequence the next cell is positioned absolutely")
  func resyncAfterEmoji() {
    var buffer = Buffer(width: 10, height: 1)
    var renderer = primed(with: buffer)
    buffer.put("🍊a", x: 0, y: 0)
    #expect(renderer.render(buffer).text == frame("\(esc)[1H🍊\(esc)[1;3Ha"))
    // ❤️ is drawn as its base, ❤, one column (no terminal disagrees on it): still followed by a position.
    buffer.put("❤️b🇯🇵c", x: 0, y: 0)
    let bytes = renderer.render(buffer)
    #expect(bytes.text == frame("\(esc)[1H❤\(esc)[1;2Hb🇯🇵\(esc)[1;5Hc"))
    #expect(!bytes.contains(0xEF))  // no U+FE0F (EF B8 8F) was sent
  }

  @Test("a gap holding an emoji is jumped, not rewritten")
  func noRewriteOverEmoji() {
    var buffer = Buffer(width: 10, height: 1)
    buffer.put("a🍊bc", x: 0, y: 0)
    var renderer = primed(with: buffer)
    buffer.put("A", x: 0, y: 0)
    buffer.put("B", x: 3, y: 0)
    #expect(renderer.render(buffer).text == frame("\(esc)[1HA\(esc)[1;4HB"))
  }

  @Test("a resize repaints fully; so does invalidate()")
  func fullRepaint() {
    var small = Buffer(width: 3, height: 1)
    small.put("ab", x: 0, y: 0)
    var renderer = primed(with: small)
    var large = Buffer(width: 4, height: 2)
    large.put("ab", x: 0, y: 0)
    #expect(renderer.render(large).text == frame("\(esc)[0m\(esc)[2J\(esc)[1Hab"))
    renderer.invalidate()
    #expect(renderer.previous == nil)
    #expect(renderer.render(large).text == frame("\(esc)[0m\(esc)[2J\(esc)[1Hab\(esc)[?25l"))
  }

  @Test("the cursor is shown at the requested position, hidden again without one")
  func cursor() {
    var buffer = Buffer(width: 10, height: 3)
    var renderer = primed(with: buffer)
    #expect(renderer.render(buffer, cursor: Point(x: 4, y: 2)).text == frame("\(esc)[3;5H\(esc)[?25h"))
    #expect(renderer.render(buffer, cursor: Point(x: 4, y: 2)).isEmpty)
    buffer.put("x", x: 0, y: 0)
    #expect(renderer.render(buffer, cursor: Point(x: 4, y: 2)).text == frame("\(esc)[1Hx\(esc)[3;5H"))
    #expect(renderer.render(buffer).text == frame("\(esc)[?25l"))
  }

  @Test("toggling one heart on a 200×60 screen costs at most 40 bytes")
  func heartToggle() {
    var buffer = Buffer(width: 200, height: 60)
    for y in 0..<60 { buffer.put(String(repeating: "x", count: 200), x: 0, y: y) }
    var renderer = primed(with: buffer)
    buffer.put("❤️", x: 150, y: 45, style: Style(foreground: .red))
    let on = renderer.render(buffer)
    buffer.put("xx", x: 150, y: 45)
    let off = renderer.render(buffer)
    #expect(on.count <= 40, "\(on.text.debugDescription)")
    #expect(off.count <= 40, "\(off.text.debugDescription)")
  }

  @Test("rendering hostile buffers emits no control bytes besides its own ESC sequences", arguments: 0..<8)
  func hostile(seed: Int) {
    var generator = SplitMix64(seed: UInt64(seed))
    var renderer = Renderer()
    var buffer = Buffer(width: 17, height: 5)
    for _ in 0..<6 {
      for y in 0..<5 {
        let text = String.random(scalars: 24, using: &generator)
        buffer.put(text, x: Int.random(in: -3...16, using: &generator), y: y)
      }
      let bytes = renderer.render(buffer)
      // Every ESC must start one of ours: CSI.
      for (index, byte) in bytes.enumerated() where byte == 0x1B {
        #expect(index + 1 < bytes.count && bytes[index + 1] == 0x5B)
      }
      #expect(!bytes.contains { $0 < 0x20 && $0 != 0x1B })
      #expect(!bytes.text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
    }
  }
}
