import FixtureData

/// Why a fixture server could not start.
public enum FixtureServerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The port is outside 0...65535.
  case invalidPort(Int)
  /// Binding or starting the listener failed, e.g. the port is in use or the host is not a local address.
  case cannotListen(host: String, port: Int, reason: String)
  /// Another server, in this process or another, serves the database file `path` and holds its lock file
  /// `lockFile`; `holder` is that server's process id when the lock file names it. Two servers on one file would
  /// overwrite each other's writes.
  case databaseInUse(path: String, lockFile: String, holder: Int32?)
  /// The lock file beside the database file `path` could not be created or locked.
  case cannotLock(path: String, reason: String)
  /// The configuration asks for something that cannot be: `reason` says what, e.g. watching without a file.
  case invalidConfiguration(reason: String)

  /// A one-line explanation suitable for a command-line error message.
  public var description: String {
    switch self {
    case .invalidPort(let port): return "port \(port) is outside 0...65535"
    case .cannotListen(let host, let port, let reason): return "cannot listen on \(host):\(port): \(reason)"
    case .databaseInUse(let path, let lockFile, let holder):
      let who = holder.map { "process \($0)" } ?? "another process"
      return "\(path) is already served by another server (\(who) holds \(lockFile)); two servers on one file "
        + "would overwrite each other's writes: stop that one or serve a copy"
    case .cannotLock(let path, let reason): return "cannot lock \(path): \(reason)"
    case .invalidConfiguration(let reason): return reason
    }
  }
}
