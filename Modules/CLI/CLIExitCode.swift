/// The exit statuses of `kumiki`, as documented in its help.
public enum CLIExitCode: Int32, Sendable, CaseIterable {
  /// The command succeeded.
  case success = 0
  /// The command failed; one line on standard error says why (cannot connect, HTTP status, timeout, bad data,
  /// database problem).
  case failure = 1
  /// The command line was wrong (unknown command, missing or invalid argument): `EX_USAGE`, as
  /// swift-argument-parser's `validationFailure`.
  case usage = 64
}
