import FixtureData

/// Why a fixture server could not start.
public enum FixtureServerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The port is outside 0...65535.
  case invalidPort(Int)
  /// Binding or starting the listener failed, e.g. the port is in use or the host is not a local address.
  case cannotListen(host: String, port: Int, reason: String)

  /// A one-line explanation suitable for a command-line error message.
  public var description: String {
    switch self {
    case .invalidPort(let port): return "port \(port) is outside 0...65535"
    case .cannotListen(let host, let port, let reason): return "cannot listen on \(host):\(port): \(reason)"
    }
  }
}
