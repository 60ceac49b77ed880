#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Asking before something that loses data (`kumiki fixtures reset`): on a terminal, a `[y/N]` question on standard
/// error answered on standard input; elsewhere no one can answer, and the command needs `--yes`.
enum Confirmation {
  /// `true` for an answer of `y` or `yes` (any case), `false` for anything else or end of input; `nil` when
  /// standard input is not a terminal (nothing was asked).
  @Sendable static func askOnTerminal(_ question: String, standardError: any TextStream) -> Bool? {
    guard isatty(0) == 1 else { return nil }
    standardError.write(question + " [y/N] ")
    guard let line = readLine() else {
      standardError.write("\n")
      return false
    }
    return isYes(line)
  }

  /// `y` or `yes`, any case, spaces around ignored.
  static func isYes(_ answer: String) -> Bool {
    ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
  }
}
