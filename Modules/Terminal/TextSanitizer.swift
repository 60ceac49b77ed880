/// Makes untrusted text inert before it reaches a terminal: text from the network is data, never
/// terminal commands.
///
/// Shared by the TUI (cells) and the CLI's plain-text output.
public enum TextSanitizer {
  /// `text` with every control character replaced by a visible placeholder:
  /// - C0 controls (U+0000–U+001F, including ESC) in caret notation (`ESC` → `^[`, `CR` → `^M`);
  /// - DEL (U+007F) → `^?`;
  /// - C1 controls (U+0080–U+009F, including the 8-bit CSI/OSC/DCS introducers) → U+FFFD;
  /// - bidirectional controls (``isBidiControl(_:)``: embeddings, overrides, isolates, marks) → U+FFFD, so data
  ///   cannot reorder what a terminal shows around it (a file name `txt.exe` written backwards).
  ///
  /// No escape sequence (CSI, OSC — e.g. an OSC 52 clipboard write —, DCS, …) survives: every one
  /// starts with ESC or a C1 control. With `keepingLineBreaks`, LF and TAB are kept and CR LF
  /// becomes LF, for multi-line CLI output; a lone CR is still replaced (it could overwrite a line).
  /// Returns `text` unchanged (no copy) when it contains nothing to replace.
  public static func inert(_ text: String, keepingLineBreaks: Bool = false) -> String {
    // Printable ASCII needs nothing replaced: checked a byte at a time, without decoding scalars.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    guard text.unicodeScalars.contains(where: { needsReplacement($0, keepingLineBreaks: keepingLineBreaks) }) else {
      return text
    }
    var result = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      defer { previousWasCR = scalar == "\r" }
      if keepingLineBreaks && scalar == "\n" {
        if previousWasCR { result.removeLast(2) }  // drop the "^M" written for the CR of a CR LF
        result.append(scalar)
        continue
      }
      guard needsReplacement(scalar, keepingLineBreaks: keepingLineBreaks) else {
        result.append(scalar)
        continue
      }
      switch scalar.value {
      case 0x00...0x1F:
        result.append("^")
        result.append(Unicode.Scalar(UInt8(scalar.value) + 0x40))
      case 0x7F:
        result.append("^")
        result.append("?")
      default:
        result.append("\u{FFFD}")
      }
    }
    return String(result)
  }

  /// True for the scalars `inert` replaces.
  static func needsReplacement(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: return !keepingLineBreaks
    case 0x00...0x1F, 0x7F...0x9F: return true
    default: return isBidiControl(scalar)
    }
  }

  /// True for the bidirectional formatting characters: U+061C (Arabic letter mark), U+200E and U+200F (left-to-right
  /// and right-to-left marks), U+202A–U+202E (embeddings, pop, overrides) and U+2066–U+2069 (isolates).
  public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}
