/// Why a route was refused: it cannot be read, nobody declares it, or its arguments break the declaration.
public enum RouteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The route's text cannot be read (what is wrong).
  case malformed(String)
  /// No mount declares this route; `declared` are the routes that exist, as patterns (`archive/item/<id>`).
  case unknown(String, declared: [String])
  /// The route is declared but an argument breaks its parameter (the route's pattern and the reason).
  case invalid(String, reason: String)

  /// One line: what was refused and why.
  public var description: String {
    switch self {
    case .malformed(let reason): "not a route: \(reason)"
    case .unknown(let route, let declared):
      declared.isEmpty
        ? "no route '\(route)': this app declares none"
        : "no route '\(route)' in this app (declared: \(declared.joined(separator: ", ")))"
    case .invalid(let pattern, let reason): "route \(pattern): \(reason)"
    }
  }
}
