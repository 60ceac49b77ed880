/// Why the playground stopped before the app ran; each is one line, with the exit status it gives.
enum PlaygroundError: Error, CustomStringConvertible {
  /// A bad option, feature, scenario name or app (64, EX_USAGE).
  case usage(String)
  /// A scenario file that is not valid (65, EX_DATAERR).
  case data(String)
  /// Something that should have worked did not: the API did not start, the cache could not be warmed (1).
  case failure(String)

  var description: String {
    switch self {
    case .usage(let text), .data(let text), .failure(let text): text
    }
  }

  var status: Int32 {
    switch self {
    case .usage: 64
    case .data: 65
    case .failure: 1
    }
  }
}
