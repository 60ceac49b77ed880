import Foundation

/// What the workloads need from a client: GET a URL and return the body size; shut down at the end.
protocol NetworkBenchHTTP: Sendable {
  /// GETs `url`; returns the body's byte count. Throws on transport errors and non-2xx statuses.
  func get(_ url: URL) async throws -> Int
  /// Releases the client's resources.
  func shutdown() async throws
}

/// A non-2xx status seen by a benchmark client.
struct NetworkBenchStatusError: Error, CustomStringConvertible {
  let status: Int
  var description: String { "HTTP status \(status)" }
}

extension NetworkBenchClientKind {
  /// A fresh client of this kind.
  func make() -> any NetworkBenchHTTP {
    switch self {
    case .curl: NetworkBenchCurl()
    case .urlsession: NetworkBenchURLSession()
    case .ahc: NetworkBenchAHC(perHostLimit: nil)
    case .ahc128: NetworkBenchAHC(perHostLimit: 128)
    }
  }
}
