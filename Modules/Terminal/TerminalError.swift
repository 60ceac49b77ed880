/// Why the terminal could not be used.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file descriptor is not a terminal (output redirected, no TTY).
  case notATerminal(fileDescriptor: Int32)
  /// `TERM` is `dumb` (or unset/empty): no cursor addressing to rely on.
  case dumbTerminal
  /// Another session is active in this process.
  case alreadyActive
  /// A system call failed with `errno`.
  case systemCall(String, errno: Int32)

  /// A one-line explanation for the user.
  public var description: String {
    switch self {
    case .notATerminal(let fd):
      "file descriptor \(fd) is not a terminal; a full-screen interface needs an interactive terminal"
    case .dumbTerminal:
      "TERM is 'dumb' or unset; a full-screen interface needs an xterm-compatible terminal"
    case .alreadyActive:
      "a terminal session is already active in this process"
    case .systemCall(let call, let errno):
      "\(call) failed (errno \(errno))"
    }
  }
}
