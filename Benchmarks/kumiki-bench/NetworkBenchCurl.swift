import Foundation
import Networking
import NetworkingCurl

/// Kumiki's live client (libcurl multi), with the app's default configuration.
struct NetworkBenchCurl: NetworkBenchHTTP {
  let http = HTTPClient.curl()

  func get(_ url: URL) async throws -> Int {
    try await http.data(.get(url)).body.count
  }

  func shutdown() async throws {}
}
