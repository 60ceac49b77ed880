import Foundation

/// Text made to break out of a generated test: every way to end a comment, a line or a string literal in Swift,
/// to interpolate, or to hide what follows, each piece marked with ``canary`` so the checks can find it.
enum HostileText {
  /// Marks text from a hostile recording: it must appear in a generated file only inside string literals.
  static let canary = "KUMIKI_CANARY"

  /// U+0000–U+001F and U+007F, one after the other.
  static let controls = String(
    String.UnicodeScalarView((0x00...0x1F).map { Unicode.Scalar($0)! } + [Unicode.Scalar(0x7F)!]))

  /// Line breaks Swift or an editor may honour, and characters that reorder or hide text (Trojan Source).
  static let invisible = "\u{85}\u{2028}\u{2029}\u{202E}\u{2066}\u{2069}\u{200B}\u{200D}\u{FEFF}\u{9F}\u{E0001}"

  /// One hostile text per way out.
  static let pieces: [String] = [
    "\(canary)\n}\n}\nfunc pwned() { fatalError() }\n// ",
    "\(canary)\r\nlet pwned = 1 /* \(canary)",
    "\(canary) */ pwned() /* \(canary) /* nested",
    "\(canary)\" pwned() \"",
    "\(canary) \\(pwned()) \\#(pwned()) \\##(pwned()) \\\"#",
    "\(canary)\"# pwned() #\"\\#(canary)",
    "\(canary)\"## \"### pwned() ##\"####",
    "\(canary)\"\"\"\n\"\"\"#\n#\"\"\"#\(canary)",
    "\(canary) ##### \\##### \"##### \(canary)",
    "\(canary)\\",
    "\"\"\(canary)\"",
    canary + controls + invisible + canary,
    "\(canary) ' ` $(touch X) \\u{41} \\n \(canary)",
  ]

  /// All pieces in one text.
  static let all = pieces.joined(separator: " ")
}
