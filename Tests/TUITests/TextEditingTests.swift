import Testing

@testable import TUI

@Suite("Text editing buffer")
struct TextEditingTests {
  @Test("insert, delete and move work on grapheme clusters (Japanese, emoji, combining marks)")
  func clusters() {
    var editing = TextEditing(fieldID: "f", text: "cafe\u{301}")
    #expect(editing.cursor == 4)
    editing.insert("🍜親子丼")
    #expect(editing.text == "cafe\u{301}🍜親子丼")
    editing.moveCursor(by: -3)
    editing.deleteBackward()
    #expect(editing.text == "cafe\u{301}親子丼")
    editing.deleteForward()
    #expect(editing.text == "cafe\u{301}子丼")
    editing.moveCursor(toEnd: false)
    editing.deleteBackward()
    #expect(editing.text == "cafe\u{301}子丼")
    editing.moveCursor(by: -10)
    #expect(editing.cursor == 0)
    editing.moveCursor(by: 99)
    #expect(editing.cursor == 6)
    editing.deleteForward()
    #expect(editing.text == "cafe\u{301}子丼")
    editing.clear()
    #expect(editing.text.isEmpty && editing.cursor == 0)
  }

  @Test("pasted line breaks become spaces; escape sequences and other controls are dropped")
  func sanitises() {
    var editing = TextEditing(fieldID: "f", text: "a\u{1B}b")
    #expect(editing.text == "ab")
    editing.insert("1\r\n2\t3\u{1B}]52;c;x\u{07}\u{9B}4\u{7F}")
    #expect(editing.text == "ab1 2 3]52;c;x4")
    editing.insert("\u{1B}\u{1B}")
    #expect(editing.text == "ab1 2 3]52;c;x4")
  }

  @Test("a huge paste is cut to the maximum length")
  func maximumLength() {
    var editing = TextEditing(fieldID: "f", text: "")
    editing.insert(String(repeating: "長", count: TextEditing.maximumLength + 50))
    #expect(editing.text.count == TextEditing.maximumLength)
    editing.insert("x")
    #expect(editing.text.count == TextEditing.maximumLength)
    #expect(
      TextEditing(fieldID: "f", text: String(repeating: "a", count: 5_000)).text.count == TextEditing.maximumLength)
  }
}
