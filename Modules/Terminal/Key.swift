/// A key, independent of modifiers.
public enum Key: Hashable, Sendable {
  /// A printable character (a grapheme cluster). Shifted letters arrive as upper case ("A"),
  /// control letters as lower case with `.control` ("c" for Ctrl-C).
  case character(Character)
  /// Enter / Return (CR).
  case enter
  /// Tab; Shift-Tab is `.tab` with `.shift`.
  case tab
  /// Backspace (DEL, 0x7F).
  case backspace
  /// Escape, delivered once no sequence follows within the timeout.
  case escape
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Insert.
  case insert
  /// Delete (forward delete).
  case delete
  /// Function key F1–F12 (`function(1)` is F1).
  case function(Int)
}
