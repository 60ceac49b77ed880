/// Something the terminal reported.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(KeyEvent)
  /// Bracketed paste content, whole, with CR LF and CR turned into LF. Raw user data: sanitise
  /// before echoing it anywhere.
  case paste(String)
  /// A mouse event (when mouse reporting is enabled).
  case mouse(MouseEvent)
  /// The window has this size now, or the terminal was re-entered after suspension: invalidate the
  /// renderer and repaint.
  case resize(Size)
}
