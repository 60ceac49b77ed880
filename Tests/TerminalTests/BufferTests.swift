import CoreTesting
import Testing

@testable import Terminal

/// Checks the buffer invariants: every wide cell is followed by a continuation, every continuation
/// follows a wide cell, and no cell holds a control character.
func expectInvariants(_ buffer: Buffer, sourceLocation: SourceLocation = #_sourceLocation) {
  for y in 0..<buffer.height {
    for x in 0..<buffer.width {
      let cell = buffer[x, y]
      if cell.width == 2 {
        #expect(
          x + 1 < buffer.width && buffer[x + 1, y].isContinuation, "wide at \(x),\(y)", sourceLocation: sourceLocation)
      }
      if cell.isContinuation {
        #expect(
          x > 0 && buffer[x - 1, y].width == 2, "orphan continuation at \(x),\(y)", sourceLocation: sourceLocation)
      }
      #expect(
        displayWidth(of: cell.character) == max(1, cell.width) || cell.isContinuation,
        "cell \(x),\(y)", sourceLocation: sourceLocation)
    }
  }
}

@Suite("Buffer")
struct BufferTests {
  @Test("a new buffer is blank; text trims trailing spaces, or keeps them")
  func blank() {
    let buffer = Buffer(width: 3, height: 2)
    #expect(buffer.text == "\n")
    #expect(buffer.text(trimmingTrailingSpaces: false) == "   \n   ")
    #expect(buffer[5, 5] == .blank)
    #expect(Buffer(width: -1, height: 4).cells.isEmpty)
  }

  @Test("a wide character is followed by a continuation cell")
  func wide() {
    var buffer = Buffer(width: 6, height: 1)
    buffer.put("日本", x: 0, y: 0)
    #expect(buffer[0, 0].character == "日")
    #expect(buffer[0, 0].width == 2)
    #expect(buffer[1, 0].isContinuation)
    #expect(buffer[2, 0].character == "本")
    #expect(buffer.text == "日本")
    expectInvariants(buffer)
  }

  @Test("overwriting the right half of a wide character blanks its left half")
  func overwriteRightHalf() {
    var buffer = Buffer(width: 6, height: 1)
    buffer.put("日本", x: 0, y: 0)
    buffer.set(Cell("x"), x: 1, y: 0)
    #expect(buffer.text == " x本")
    expectInvariants(buffer)
  }

  @Test("overwriting the left half of a wide character blanks its right half")
  func overwriteLeftHalf() {
    var buffer = Buffer(width: 6, height: 1)
    buffer.put("日本", x: 0, y: 0)
    buffer.put("y", x: 2, y: 0)
    #expect(buffer.text == "日y")
    #expect(!buffer[3, 0].isContinuation)
    expectInvariants(buffer)
  }

  @Test("a wide character written over a shifted pair blanks both neighbours")
  func overlappingWide() {
    var buffer = Buffer(width: 6, height: 1)
    buffer.put("日本", x: 0, y: 0)
    buffer.put("語", x: 1, y: 0)
    #expect(buffer.text == " 語")
    expectInvariants(buffer)
  }

  @Test("the blanked half keeps its style")
  func blankedHalfKeepsStyle() {
    var buffer = Buffer(width: 4, height: 1)
    let red = Style(foreground: .red)
    buffer.put("日", x: 0, y: 0, style: red)
    buffer.set(Cell("x"), x: 1, y: 0)
    #expect(buffer[0, 0] == Cell(" ", style: red))
  }

  @Test("a wide character crossing the right clip edge becomes a space")
  func rightClipEdge() {
    var buffer = Buffer(width: 6, height: 1)
    buffer.put("ab日c", x: 0, y: 0, clip: Rect(x: 0, y: 0, width: 3, height: 1))
    #expect(buffer.text(trimmingTrailingSpaces: false) == "ab    ")
    #expect(buffer[2, 0] == .blank)
    buffer.put("x日", x: 4, y: 0)
    #expect(buffer.text == "ab  x")
    expectInvariants(buffer)
  }

  @Test("a wide character crossing the left clip edge becomes a space")
  func leftClipEdge() {
    var buffer = Buffer(width: 6, height: 1)
    buffer.fill(buffer.bounds, with: "-")
    buffer.put("日b", x: 1, y: 0, clip: Rect(x: 2, y: 0, width: 4, height: 1))
    #expect(buffer.text == "-- b--")
    buffer.put("本c", x: -1, y: 0)
    #expect(buffer.text == " c b--")
    expectInvariants(buffer)
  }

  @Test("writes outside the clip rectangle are dropped")
  func clipRows() {
    var buffer = Buffer(width: 4, height: 3)
    let clip = Rect(x: 1, y: 1, width: 2, height: 1)
    buffer.put("abcd", x: 0, y: 0, clip: clip)
    buffer.put("abcd", x: 0, y: 1, clip: clip)
    buffer.put("abcd", x: 0, y: 2, clip: clip)
    #expect(buffer.text == "\n bc\n")
  }

  @Test("put sanitises: controls become U+FFFD, zero-width clusters are skipped; returns the end column")
  func putSanitises() {
    var buffer = Buffer(width: 10, height: 1)
    let end = buffer.put("a\u{1B}[1m\u{200B}b", x: 0, y: 0)
    #expect(buffer.text == "a\u{FFFD}[1mb")
    #expect(end == 6)
    #expect(buffer.put("日本", x: 8, y: 5) == 12)
    #expect(Cell("\u{7}").character == "\u{FFFD}")
    #expect(Cell("\u{301}").width == 1)
  }

  @Test("emoji, flags, families and combining sequences occupy one cell each")
  func clusters() {
    var buffer = Buffer(width: 12, height: 1)
    buffer.put("🇯🇵👨‍👩‍👧e\u{301}👍🏽", x: 0, y: 0)
    #expect(buffer[0, 0].character == "🇯🇵")
    #expect(buffer[2, 0].character == "👨")
    #expect(buffer[4, 0].character == "e\u{301}")
    #expect(buffer[5, 0].character == "👍")
    #expect(buffer.text == "🇯🇵👨e\u{301}👍")
    expectInvariants(buffer)
  }

  /// Issue 34: a zero-width joiner in data shifted the TUI's frame: tmux joins what follows a ZWJ into the cell
  /// before it (and draws 👍🏽 in four columns, ❤️ in one). A cell holds no joiner, selector, modifier or tag.
  @Test(
    "a cell draws a cluster's base and combining marks: no joiner, what it joins, selector, modifier or tag",
    arguments: [
      ("あ\u{200D}い", "あい", 4), ("a\u{200D}👨", "a👨", 3), ("x\u{200D}\u{200D}y", "xy", 2), ("\u{200D}X", "X", 1),
      ("❤️", "❤", 1), ("🍊\u{FE0E}", "🍊", 2), ("🏳️‍🌈", "🏳", 1), ("👩‍💻|", "👩|", 3), ("1️⃣", "1\u{20E3}", 1),
      ("e\u{301}\u{200C}f", "e\u{301}f", 2), ("🏴\u{E0067}\u{E0062}\u{E007F}", "🏴", 2), ("🏽", "🏽", 2),
    ] as [(String, String, Int)])
  func joinersAreNotDrawn(text: String, drawn: String, width: Int) {
    var buffer = Buffer(width: 12, height: 1)
    #expect(buffer.put(text, x: 0, y: 0) == width)
    #expect(displayWidth(of: text) == width)
    #expect(buffer.text == drawn)
    let scalars = (0..<12).flatMap { buffer[$0, 0].character.unicodeScalars.map(\.value) }
    let joinersAndSelectors = [0x200C...0x200D, 0xFE00...0xFE0F, 0xE0000...0xE01EF] as [ClosedRange<UInt32>]
    #expect(!scalars.contains { value in joinersAndSelectors.contains { $0.contains(value) } }, "\(scalars)")
    expectInvariants(buffer)
  }

  @Test("a continuation cell passed to set is ignored; clear blanks everything")
  func setAndClear() {
    var buffer = Buffer(width: 4, height: 1)
    buffer.put("日", x: 0, y: 0)
    buffer.set(buffer[1, 0], x: 3, y: 0)
    #expect(!buffer[3, 0].isContinuation)
    buffer.clear()
    #expect(buffer == Buffer(width: 4, height: 1))
  }

  @Test("hostile strings and coordinates never break the invariants", arguments: 0..<24)
  func hostile(seed: Int) {
    var generator = SplitMix64(seed: UInt64(seed))
    var buffer = Buffer(width: 13, height: 4)
    let coordinates = [Int.min, -3, -1, 0, 1, 5, 11, 12, 13, Int.max]
    for _ in 0..<20 {
      let text = String.random(scalars: Int.random(in: 0...20, using: &generator), using: &generator)
      let x = coordinates.randomElement(using: &generator)!
      let y = [-1, 0, 1, 2, 3, 4].randomElement(using: &generator)!
      let clip = Rect(
        x: coordinates.randomElement(using: &generator)!, y: 0,
        width: Int.random(in: -2...Int.max, using: &generator), height: Int.random(in: 0...5, using: &generator))
      buffer.put(text, x: x, y: y, style: Style(foreground: .indexed(UInt8(seed))), clip: clip)
      buffer.fill(clip, with: "日", clip: Rect(x: 0, y: 0, width: 7, height: 2))
      buffer.drawBox(clip, glyphs: .light)
    }
    expectInvariants(buffer)
    #expect(!buffer.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }
}
