/// A wrong command line: exit status 64, reported on standard error as
/// `kumiki: <message>`, then the optional details (a suggestion, a usage line, the list of commands).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// One line: what is wrong.
  public var message: String
  /// Further lines printed after the message: "Did you mean …?", a usage line, a list of commands.
  public var details: [String]

  /// A usage error with `message` and optional `details`.
  public init(_ message: String, details: [String] = []) {
    self.message = message
    self.details = details
  }

  /// The message alone.
  public var description: String { message }

  /// What is printed on standard error: `kumiki: <message>` and the details, one per line, newline-terminated.
  public var report: String {
    (["kumiki: " + message] + details).joined(separator: "\n") + "\n"
  }
}
