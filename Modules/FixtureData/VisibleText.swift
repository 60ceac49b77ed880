/// Text from outside (a data or scenario file, the command line) as a message shows it: on one line, with control
/// and bidirectional formatting characters written as escapes (`\u{1B}`, `\u{202E}`) rather than sent to the
/// terminal, and at most `limit` characters. Used by
/// kumiki-api, the scenarios and the playground for what they echo back.
public enum VisibleText {
  /// `text` with control, line-separator and bidirectional formatting characters (U+061C, U+200E, U+200F,
  /// U+202A–U+202E, U+2066–U+2069) escaped, cut to `limit` characters (then `…`).
  public static func shown(_ text: String, limit: Int = 80) -> String {
    var shown = ""
    for (index, scalar) in text.unicodeScalars.enumerated() {
      if index == limit {
        shown += "…"
        break
      }
      let value = scalar.value
      if value < 0x20 || (0x7F...0x9F).contains(value) || (0x2028...0x2029).contains(value) || value == 0x061C
        || (0x200E...0x200F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
      {
        shown += "\\u{\(String(value, radix: 16, uppercase: true))}"
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return shown
  }
}
