import Presentation
import Terminal

/// How the TUI styles what it draws. ``color`` uses a few ANSI colours; ``monochrome`` (`--no-color`,
/// `NO_COLOR`) keeps only attributes (bold, dim, underline, reverse), so every state stays distinguishable.
public struct TUITheme: Sendable, Equatable {
  /// Whether colours are used at all.
  public var usesColor: Bool

  /// Colours and attributes.
  public static let color = TUITheme(usesColor: true)
  /// Attributes only.
  public static let monochrome = TUITheme(usesColor: false)

  /// Creates a theme.
  public init(usesColor: Bool) {
    self.usesColor = usesColor
  }

  /// A style with `color` applied only when colours are on.
  func style(_ attributes: TextAttributes = [], color: Color? = nil) -> Style {
    Style(foreground: usesColor ? color : nil, attributes: attributes)
  }

  /// The style of a presentation text style.
  func style(for textStyle: TextStyle) -> Style {
    switch textStyle {
    case .body: style()
    case .title: style(.bold)
    case .secondary: style(.dim)
    case .emphasis: style(.bold, color: .cyan)
    case .highlight: usesColor ? style(.bold, color: .yellow) : style([.bold, .underline])
    case .link: style(.underline, color: .blue)
    case .danger: style(.bold, color: .red)
    }
  }

  /// A focused element.
  var focused: Style { style([.reverse, .bold]) }
  /// A disabled control: dimmed, never bold (so it differs from an enabled one without colour too).
  var disabled: Style { style(.dim) }
  /// A focused disabled control: reversed but dimmed.
  var focusedDisabled: Style { style([.reverse, .dim]) }

  /// The style of a control: focused or not, enabled or not, else `normal`.
  func control(focused isFocused: Bool, enabled: Bool, normal: Style) -> Style {
    switch (isFocused, enabled) {
    case (true, true): focused
    case (true, false): focusedDisabled
    case (false, true): normal
    case (false, false): disabled
    }
  }
  /// A selected chip or in-screen tab.
  var selected: Style { style(.reverse) }
  /// Section and panel titles.
  var heading: Style { style(.bold, color: .cyan) }
  /// Borders and rules.
  var border: Style { style(.dim) }
  /// Error text.
  var danger: Style { style(.bold, color: .red) }
  /// A toggle that is on (the saved heart).
  var toggleOn: Style { style(.bold, color: .red) }
  /// Secondary text.
  var secondary: Style { style(.dim) }
  /// The rating stars.
  var rating: Style { style(.bold, color: .yellow) }
  /// The status bar.
  var statusBar: Style { style(.reverse) }
  /// Added diff lines.
  var added: Style { style([], color: .green) }
  /// Removed diff lines.
  var removed: Style { style([], color: .red) }
}
