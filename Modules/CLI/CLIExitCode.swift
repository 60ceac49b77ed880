/// The exit statuses of `kumiki`, as documented in its help.
public enum CLIExitCode: Int32, Sendable, CaseIterable {
  /// The command succeeded.
  case success = 0
  /// The command failed; one line on standard error says why (cannot connect, HTTP status, timeout, bad data,
  /// database problem).
  case failure = 1
  /// A write met a newer change on the server and wrote nothing (`412 Precondition Failed`: the item changed since
  /// this app last read it); one line on standard error says so and how to go on, `--json` prints the conflict.
  case conflict = 3
  /// The command line was wrong (unknown command, missing or invalid argument): `EX_USAGE`, as
  /// swift-argument-parser's `validationFailure`.
  case usage = 64
  /// The input data was wrong (`EX_DATAERR`): `kumiki replay` of a malformed recording, or one whose actions no
  /// longer decode (an older schema).
  case dataError = 65
  /// An input file could not be read (`EX_NOINPUT`): `kumiki replay` of a missing or unreadable file.
  case noInput = 66
  /// An output file could not be created (`EX_CANTCREAT`): `kumiki replay --emit-test` where the test cannot be
  /// written.
  case cannotCreate = 73
}
