/// Where the CLI writes: standard output, standard error, or a capture in tests.
///
/// Implementations must be safe to call from any task; each `write` is one atomic append.
public protocol TextStream: Sendable {
  /// Whether the stream is a terminal (decides colour, the spinner and the default width).
  var isTerminal: Bool { get }
  /// The terminal's width in columns, when it is a terminal and the width is known.
  var columns: Int? { get }
  /// Appends `text` as is (no newline is added).
  func write(_ text: String)
}

extension TextStream {
  /// No width by default.
  public var columns: Int? { nil }
}
