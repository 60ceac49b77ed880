import Testing

@testable import TUI

@Suite("Text editing cursor")
struct TextEditingTests {
  /// Applies edits in turn, as the TUI does, feeding each result back as the field's text.
  struct Field {
    var text: String
    var editing: TextEditing

    init(_ text: String) {
      self.text = text
      self.editing = TextEditing(fieldID: "f", text: text)
    }

    @discardableResult
    mutating func apply(_ edit: TextEditing.Edit) -> String? {
      let changed = editing.apply(edit, to: text)
      if let changed { text = changed }
      return changed
    }
  }

  @Test("insert, delete and move work on grapheme clusters (Japanese, emoji, combining marks)")
  func clusters() {
    var field = Field("cafe\u{301}")
    #expect(field.editing.cursor == 4)
    field.apply(.insert("🍜親子丼"))
    #expect(field.text == "cafe\u{301}🍜親子丼")
    #expect(field.apply(.move(by: -3)) == nil)
    field.apply(.deleteBackward)
    #expect(field.text == "cafe\u{301}親子丼")
    field.apply(.deleteForward)
    #expect(field.text == "cafe\u{301}子丼")
    field.apply(.moveToStart)
    #expect(field.apply(.deleteBackward) == nil)
    field.apply(.move(by: -10))
    #expect(field.editing.cursor == 0)
    field.apply(.move(by: 99))
    #expect(field.editing.cursor == 6)
    #expect(field.apply(.deleteForward) == nil)
    field.apply(.deleteToStart)
    #expect(field.text.isEmpty && field.editing.cursor == 0)
  }

  @Test("Ctrl-W deletes the word before the cursor and the spaces after it; Ctrl-K the rest of the line")
  func words() {
    var field = Field("親子丼 and  ramen")
    field.apply(.deleteWordBackward)
    #expect(field.text == "親子丼 and  ")
    field.apply(.deleteWordBackward)
    #expect(field.text == "親子丼 ")
    field.apply(.move(by: -2))
    field.apply(.deleteToEnd)
    #expect(field.text == "親子")
    field.apply(.moveToStart)
    #expect(field.apply(.deleteWordBackward) == nil)
  }

  @Test("the cursor stays within a text the store changed behind it")
  func textChangedBehind() {
    var editing = TextEditing(fieldID: "f", text: "long text")
    #expect(editing.cursor(in: "ab") == 2)
    #expect(editing.apply(.insert("c"), to: "ab") == "abc")
    #expect(editing.cursor == 3)
  }

  @Test("pasted line breaks become spaces; escape sequences and other controls are dropped")
  func sanitises() {
    var field = Field("ab")
    field.apply(.insert("1\r\n2\t3\u{1B}]52;c;x\u{07}\u{9B}4\u{7F}"))
    #expect(field.text == "ab1 2 3]52;c;x4")
    #expect(field.apply(.insert("\u{1B}\u{1B}")) == nil)
    #expect(field.text == "ab1 2 3]52;c;x4")
  }

  @Test("a huge paste is cut to the maximum length")
  func maximumLength() {
    var field = Field("")
    field.apply(.insert(String(repeating: "長", count: TextEditing.maximumLength + 50)))
    #expect(field.text.count == TextEditing.maximumLength)
    #expect(field.apply(.insert("x")) == nil)
    #expect(field.text.count == TextEditing.maximumLength)
  }
}
