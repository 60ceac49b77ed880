/// How text output fits its destination: a terminal's width, the width `COLUMNS` asks for, or no width at all.
///
/// - On a terminal, text fits its columns: prose wraps, and a table too wide drops its empty columns, then its
///   lowest-priority columns (the rightmost), before it truncates cells with `...`.
/// - Not on a terminal with `COLUMNS` set, nothing is cut: prose and table cells wrap to the width.
/// - Not on a terminal otherwise, nothing is cut or wrapped: tables are tab-separated, one row a line.
public enum TextFit: Sendable, Equatable {
  /// A terminal this many columns wide.
  case terminal(columns: Int)
  /// Full values wrapped to this many columns (not a terminal, `COLUMNS` set).
  case wrap(columns: Int)
  /// Full values, unwrapped; tables tab-separated (not a terminal, no `COLUMNS`).
  case unlimited

  /// The width text wraps to, `nil` when unlimited.
  public var columns: Int? {
    switch self {
    case .terminal(let columns), .wrap(let columns): columns
    case .unlimited: nil
    }
  }
}
