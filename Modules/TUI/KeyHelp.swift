/// The key bindings, as shown by the help overlay (`?`) and documented in the README.
public enum KeyHelp {
  /// Key and what it does.
  public static let bindings: [(keys: String, action: String)] = [
    ("Tab, Shift-Tab, 1-9", "switch tab"),
    ("arrows, h j k l", "move focus"),
    ("PgUp PgDn Home End", "move focus further"),
    ("Enter, Space", "activate / edit field"),
    ("/", "search (edit the text field)"),
    ("Esc", "leave field / close overlay"),
    ("r", "refresh every screen"),
    ("d, F12", "DevTools panel"),
    ("[ ] G e", "DevTools: step, resume, export"),
    ("Ctrl-L, Ctrl-Z", "redraw, suspend"),
    ("?, F1", "this help"),
    ("q, Ctrl-C", "quit"),
  ]
}
