/// Text as Swift string literals: the one way text from a recording — its header (app, version), its file name,
/// the feature's key, actions and states as JSON — reaches a test ``SessionTestWriter`` generates. The generated
/// file's comments hold only the writer's own words and numbers.
///
/// A literal is a raw string (`#"…"#`: JSON stays readable) with one `#` more than the longest run of `#` in the
/// text, at most ``maxHashes``. In it, ``escaped(_:hashes:)`` writes as an escape (`\#u{2028}`, `\#"`):
/// - every character that could end a line or a comment, reorder or hide text, or that a reader cannot see:
///   control characters (U+0000–U+001F, U+007F–U+009F: line feed, carriage return, NEL U+0085, …), format
///   characters (bidirectional overrides and isolates, zero-width characters, U+FEFF), U+2028, U+2029, and
///   unassigned code points;
/// - a `"` or `\` followed by the delimiter's `#`s, which would end the literal or begin an escape or an
///   interpolation (`\#(`): with the usual number of `#` there is none, and past ``maxHashes`` they are escaped;
/// - in a multi-line literal, a space that ends a line, which editors strip (changing the value).
///
/// So a literal's value is its text exactly, nothing in the text can end the literal early, interpolate, or show
/// as something else, and the file stays one line per line of code.
enum SwiftLiteral {
  /// The most `#`s a delimiter gets: text with longer runs of `#` has its `"` and `\` before them escaped instead,
  /// so a literal is never much longer than its text.
  static let maxHashes = 4

  /// `text` as a single-line literal: `#"text"#`.
  static func string(_ text: String) -> String {
    let delimiter = String(repeating: "#", count: hashes(for: text))
    return delimiter + "\"" + escaped(text, hashes: delimiter.count) + "\"" + delimiter
  }

  /// `lines` (joined by line feeds) as a multi-line literal whose content lines are indented by `indent` (empty
  /// lines stay empty): the opening delimiter, which ends a line of code (`#"""`), the content lines, and the
  /// closing delimiter, which begins a line after `indent` (`"""#`).
  static func multiline(_ lines: [String], indent: String) -> (opening: String, lines: [String], closing: String) {
    let delimiter = String(repeating: "#", count: hashes(for: lines.joined(separator: "\n")))
    let body = lines.map { $0.isEmpty ? "" : indent + escaped($0, hashes: delimiter.count, endingALine: true) }
    return (delimiter + "\"\"\"", body, indent + "\"\"\"" + delimiter)
  }

  /// The content of a literal delimited by `hashes` `#`s (0: an ordinary `"…"` literal) whose value is `text`:
  /// the escaping described on the type. `endingALine`: `text` is a line of a multi-line literal.
  static func escaped(_ text: String, hashes: Int, endingALine: Bool = false) -> String {
    let scalars = Array(text.unicodeScalars)
    let escape = "\\" + String(repeating: "#", count: hashes)
    var result = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      if mustEscape(scalar) || (endingALine && scalar == " " && index == scalars.count - 1) {
        result.append(
          contentsOf: (escape + "u{" + String(scalar.value, radix: 16, uppercase: true) + "}").unicodeScalars)
      } else if (scalar == "\"" || scalar == "\\") && followedByHashes(scalars, after: index, count: hashes) {
        result.append(contentsOf: escape.unicodeScalars)
        result.append(scalar)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// Whether `scalar` is written as an escape wherever it is (see the type's documentation).
  static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: true
    default: false
    }
  }

  /// One more than the longest run of `#` in `text`, at most ``maxHashes``.
  static func hashes(for text: String) -> Int {
    var longest = 0
    var run = 0
    for scalar in text.unicodeScalars {
      run = scalar == "#" ? run + 1 : 0
      longest = max(longest, run)
    }
    return min(longest + 1, maxHashes)
  }

  private static func followedByHashes(_ scalars: [Unicode.Scalar], after index: Int, count: Int) -> Bool {
    guard count > 0 else { return true }
    guard index + count < scalars.count else { return false }
    return scalars[(index + 1)...(index + count)].allSatisfy { $0 == "#" }
  }
}
