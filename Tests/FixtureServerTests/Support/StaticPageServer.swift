import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A tiny HTTP server on its own loopback port, for the browser check: `GET /` answers one HTML page, `POST /result`
/// hands its body to ``results``, anything else is `404`. Every connection is answered on a thread of its own and
/// closed after one exchange, so a browser's idle or speculative connections never hold up the others.
final class StaticPageServer: Sendable {
  /// The bound port.
  let port: Int
  /// The bodies POSTed to `/result`, in arrival order.
  let results: AsyncStream<String>
  private let continuation: AsyncStream<String>.Continuation
  private let listener: Int32
  private let page: String
  private let stopped = Mutex(false)

  /// Binds 127.0.0.1 on a free port and starts serving `page`.
  init(page: String) throws {
    self.page = page
    (results, continuation) = AsyncStream.makeStream(of: String.self)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw RawHTTPConnection.SocketError(call: "socket", code: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(descriptor, address, length) == 0 && listen(descriptor, 16) == 0
          && getsockname(descriptor, address, &length) == 0
      }
    }
    guard bound else {
      let code = errno
      close(descriptor)
      throw RawHTTPConnection.SocketError(call: "bind", code: code)
    }
    listener = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
    Thread { [self] in acceptLoop() }.start()
  }

  /// Stops accepting connections and ends ``results``. Later calls do nothing: closing the descriptor again would
  /// close whatever took its number since (a server's socket, a lock file; NIO crashed on it).
  func stop() {
    guard
      stopped.withLock({ stopped in
        defer { stopped = true }; return !stopped
      })
    else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    continuation.finish()
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      Thread { [self] in answer(connection) }.start()
    }
  }

  private func answer(_ connection: Int32) {
    defer { close(connection) }
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    let separator = Array("\r\n\r\n".utf8)
    var headEnd: Int?
    var bodyLength = 0
    while true {
      if headEnd == nil, let end = received.firstRange(of: separator)?.upperBound {
        headEnd = end
        let head = String(decoding: received[..<end], as: UTF8.self).lowercased()
        if let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }) {
          bodyLength = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
      }
      if let headEnd, received.count >= headEnd + bodyLength { break }
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { return }
      received += buffer[..<count]
    }
    guard let headEnd else { return }
    let requestLine = String(decoding: received.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
    let parts = requestLine.split(separator: " ")
    let (method, target) = (parts.first.map(String.init) ?? "", parts.dropFirst().first.map(String.init) ?? "")
    let status: String
    let contentType: String
    var body = ""
    switch (method, target) {
    case ("GET", "/"):
      (status, contentType, body) = ("200 OK", "text/html; charset=utf-8", page)
    case ("POST", "/result"):
      continuation.yield(String(decoding: received[headEnd..<(headEnd + bodyLength)], as: UTF8.self))
      (status, contentType) = ("204 No Content", "text/plain")
    default:
      (status, contentType, body) = ("404 Not Found", "text/plain", "not found")
    }
    let bytes = Array(body.utf8)
    var response = "HTTP/1.1 \(status)\r\nContent-Type: \(contentType)\r\nConnection: close\r\n"
    if !status.hasPrefix("204") { response += "Content-Length: \(bytes.count)\r\n" }
    let output = Array((response + "\r\n").utf8) + bytes
    var sent = 0
    while sent < output.count {
      let result = output[sent...].withUnsafeBytes {
        send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard result > 0 else { return }
      sent += result
    }
  }
}
