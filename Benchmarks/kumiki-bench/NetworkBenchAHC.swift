import AsyncHTTPClient
import Foundation

/// AsyncHTTPClient on the shared event loop group, with its default per-host limit (8) or a given one.
final class NetworkBenchAHC: NetworkBenchHTTP {
  private let client: HTTPClient

  init(perHostLimit: Int?) {
    var configuration = HTTPClient.Configuration()
    if let perHostLimit {
      configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = perHostLimit
    }
    client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
  }

  func get(_ url: URL) async throws -> Int {
    let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(30))
    let body = try await response.body.collect(upTo: 10 * 1024 * 1024)
    guard (200..<300).contains(Int(response.status.code)) else {
      throw NetworkBenchStatusError(status: Int(response.status.code))
    }
    return body.readableBytes
  }

  func shutdown() async throws {
    try await client.shutdown()
  }
}
