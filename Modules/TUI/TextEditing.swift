/// The cursor of the text field being edited: which field, and where in its text (in grapheme clusters,
/// `Character`s, so a Japanese word or an emoji is one step for the arrows and Backspace).
///
/// The text itself is not here: it is the field's ``Presentation/TextFieldNode/text``, i.e. the app's state. An
/// edit is applied to that text and produces the whole new text, which the TUI dispatches as the field's `change`
/// action; the next frame shows what the store then holds. So what the screen shows and what the store holds can
/// never disagree.
public struct TextEditing: Sendable, Equatable {
  /// Most characters a field holds; longer input (a hostile paste) is cut.
  public static let maximumLength = 2_000

  /// One change to a field's text or cursor.
  public enum Edit: Sendable, Equatable {
    /// Typed or pasted text, inserted at the cursor.
    case insert(String)
    /// Backspace.
    case deleteBackward
    /// Delete.
    case deleteForward
    /// Ctrl-W: the word before the cursor (and the spaces after it).
    case deleteWordBackward
    /// Ctrl-U: everything before the cursor.
    case deleteToStart
    /// Ctrl-K: everything after the cursor.
    case deleteToEnd
    /// Left/Right.
    case move(by: Int)
    /// Home, Ctrl-A.
    case moveToStart
    /// End, Ctrl-E.
    case moveToEnd
  }

  /// The id of the text field being edited.
  public var fieldID: String
  /// The cursor, as a character offset into the field's text.
  public private(set) var cursor: Int

  /// Starts editing a field showing `text`, with the cursor at its end.
  public init(fieldID: String, text: String) {
    self.fieldID = fieldID
    self.cursor = text.count
  }

  /// The cursor within `text` (the field's text may have changed since the last edit).
  public func cursor(in text: String) -> Int { min(max(0, cursor), text.count) }

  /// Applies `edit` to the field's current `text`: moves the cursor and returns the new text, or `nil` when the
  /// text is unchanged (a cursor move, Backspace at the start, an insert of nothing printable).
  public mutating func apply(_ edit: Edit, to text: String) -> String? {
    var characters = Array(text)
    var cursor = self.cursor(in: text)
    defer { self.cursor = cursor }
    switch edit {
    case .insert(let input):
      let room = Self.maximumLength - characters.count
      guard room > 0 else { return nil }
      let clean = Array(Self.clean(input).prefix(room))
      guard !clean.isEmpty else { return nil }
      characters.insert(contentsOf: clean, at: cursor)
      cursor += clean.count
    case .deleteBackward:
      guard cursor > 0 else { return nil }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .deleteForward:
      guard cursor < characters.count else { return nil }
      characters.remove(at: cursor)
    case .deleteWordBackward:
      var start = cursor
      while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
      while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
      guard start < cursor else { return nil }
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .deleteToStart:
      guard cursor > 0 else { return nil }
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .deleteToEnd:
      guard cursor < characters.count else { return nil }
      characters.removeSubrange(cursor...)
    case .move(let offset):
      cursor = min(max(0, cursor + offset), characters.count)
      return nil
    case .moveToStart:
      cursor = 0
      return nil
    case .moveToEnd:
      cursor = characters.count
      return nil
    }
    return String(characters)
  }

  /// `input` with line breaks and tabs as spaces and every other control scalar removed.
  static func clean(_ input: String) -> String {
    guard input.unicodeScalars.contains(where: isControl) else { return input }
    var scalars = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in input.unicodeScalars {
      defer { previousWasCR = scalar == "\r" }
      switch scalar {
      case "\n" where previousWasCR: continue
      case "\n", "\r", "\t": scalars.append(" ")
      default: if !isControl(scalar) { scalars.append(scalar) }
      }
    }
    return String(scalars)
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
