/// The editing buffer of the text field being edited: its text and a cursor, both in grapheme clusters
/// (`Character`s), so a Japanese word or an emoji is one step for the arrows and Backspace.
public struct TextEditing: Sendable, Equatable {
  /// Most characters a field holds; longer input (a hostile paste) is cut.
  public static let maximumLength = 2_000

  /// The id of the text field being edited.
  public var fieldID: String
  /// The text typed so far.
  public private(set) var text: String
  /// The cursor, as a character offset in `0...text.count`.
  public private(set) var cursor: Int

  /// Starts editing `text` with the cursor at its end.
  public init(fieldID: String, text: String) {
    self.fieldID = fieldID
    self.text = String(Self.clean(text).prefix(Self.maximumLength))
    self.cursor = self.text.count
  }

  /// Inserts typed or pasted text at the cursor. Line breaks and tabs become spaces; other control
  /// characters (and so any escape sequence) are dropped.
  public mutating func insert(_ input: String) {
    let room = Self.maximumLength - text.count
    guard room > 0 else { return }
    let clean = String(Self.clean(input).prefix(room))
    guard !clean.isEmpty else { return }
    let index = text.index(text.startIndex, offsetBy: cursor)
    text.insert(contentsOf: clean, at: index)
    cursor += clean.count
  }

  /// Deletes the character before the cursor.
  public mutating func deleteBackward() {
    guard cursor > 0 else { return }
    let index = text.index(text.startIndex, offsetBy: cursor - 1)
    text.remove(at: index)
    cursor -= 1
  }

  /// Deletes the character under the cursor.
  public mutating func deleteForward() {
    guard cursor < text.count else { return }
    text.remove(at: text.index(text.startIndex, offsetBy: cursor))
  }

  /// Moves the cursor by `offset` characters, staying within the text.
  public mutating func moveCursor(by offset: Int) {
    cursor = min(max(0, cursor + offset), text.count)
  }

  /// Moves the cursor to the start (`toEnd` false) or the end of the text.
  public mutating func moveCursor(toEnd: Bool) {
    cursor = toEnd ? text.count : 0
  }

  /// Empties the buffer.
  public mutating func clear() {
    text = ""
    cursor = 0
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
