import Terminal

/// Turns untrusted text into one inert line for diagnostics.
enum TextLine {
  /// Line breaks and tabs become single spaces, runs of whitespace collapse, the ends are trimmed, and every other
  /// control character or escape sequence is made inert (`TextSanitizer`).
  static func clean(_ text: String) -> String {
    let words = text.split(whereSeparator: { $0.isWhitespace || $0 == "\r\n" })
    return TextSanitizer.inert(words.joined(separator: " "))
  }
}
