import Presentation

/// SGR styling of text output for each ``Presentation/TextStyle``; the identity when colour is off.
struct ANSIStyle: Sendable {
  /// Whether escape sequences are written at all.
  let enabled: Bool

  /// `text` wrapped in the SGR sequence for `style` and a reset; `text` as is when disabled, for `.body`, or
  /// when `text` is empty. `text` must already be inert.
  func apply(_ style: TextStyle, to text: String) -> String {
    guard enabled, !text.isEmpty, let code = Self.code(for: style) else { return text }
    return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
  }

  /// The SGR parameters: title bold, secondary dim, emphasis bold, highlight bold yellow, link underlined cyan,
  /// danger red.
  static func code(for style: TextStyle) -> String? {
    switch style {
    case .body: nil
    case .title: "1"
    case .secondary: "2"
    case .emphasis: "1"
    case .highlight: "1;33"
    case .link: "4;36"
    case .danger: "31"
    }
  }
}
