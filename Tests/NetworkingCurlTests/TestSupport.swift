import Foundation
import Networking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One item of `/items`, its snake_case keys named in `CodingKeys`.
struct Item: Decodable, Sendable, Equatable {
  let id: Int
  let title: String
  let newsCategory: String
  let thumbnailUrl: String
  let publishedAt: String
  let rating: Double

  enum CodingKeys: String, CodingKey {
    case id, title, rating
    case newsCategory = "news_category", thumbnailUrl = "thumbnail_url", publishedAt = "published_at"
  }
}

/// What `/echo` returns.
struct Echo: Decodable, Sendable {
  let method: String
  let query: String
  let headers: [String: String]
  let body: String
}

/// A fresh token naming one request, for ``ArrivalLog``.
func newToken() -> String { UUID().uuidString }

/// Milliseconds elapsed while running `body`.
func milliseconds<T>(_ body: () async throws -> T) async rethrows -> (T, Double) {
  let start = ContinuousClock.now
  let value = try await body()
  let elapsed = ContinuousClock.now - start
  let (seconds, attoseconds) = elapsed.components
  return (value, Double(seconds) * 1_000 + Double(attoseconds) / 1e15)
}

/// A TCP port on 127.0.0.1 that is bound but not listening: connecting to it is refused. The socket is
/// closed when the returned object is released, so no other test can take the port meanwhile.
final class RefusingPort: Sendable {
  let port: Int
  private let descriptor: Int32

  init() throws {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw POSIXError(.EBADF) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard bound == 0, named == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    descriptor = fd
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit { close(descriptor) }
}
