/// A terminal colour: one of the 16 ANSI colours, a 256-colour palette index, or 24-bit RGB.
public enum Color: Hashable, Sendable {
  /// ANSI colour 0.
  case black
  /// ANSI colour 1.
  case red
  /// ANSI colour 2.
  case green
  /// ANSI colour 3.
  case yellow
  /// ANSI colour 4.
  case blue
  /// ANSI colour 5.
  case magenta
  /// ANSI colour 6.
  case cyan
  /// ANSI colour 7.
  case white
  /// ANSI colour 8.
  case brightBlack
  /// ANSI colour 9.
  case brightRed
  /// ANSI colour 10.
  case brightGreen
  /// ANSI colour 11.
  case brightYellow
  /// ANSI colour 12.
  case brightBlue
  /// ANSI colour 13.
  case brightMagenta
  /// ANSI colour 14.
  case brightCyan
  /// ANSI colour 15.
  case brightWhite
  /// Entry of the 256-colour palette (SGR `38;5;n` / `48;5;n`).
  case indexed(UInt8)
  /// 24-bit colour (SGR `38;2;r;g;b` / `48;2;r;g;b`).
  case rgb(UInt8, UInt8, UInt8)

  /// 0–15 for the 16 ANSI colours, nil otherwise.
  var ansiIndex: Int? {
    switch self {
    case .black: 0
    case .red: 1
    case .green: 2
    case .yellow: 3
    case .blue: 4
    case .magenta: 5
    case .cyan: 6
    case .white: 7
    case .brightBlack: 8
    case .brightRed: 9
    case .brightGreen: 10
    case .brightYellow: 11
    case .brightBlue: 12
    case .brightMagenta: 13
    case .brightCyan: 14
    case .brightWhite: 15
    case .indexed, .rgb: nil
    }
  }
}
