import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A loopback TCP server that answers every connection with the same raw bytes, whatever was asked: for replies
/// no HTTP framework will send (HTTP/0.9, a 1 MB header line, redirects to `file://`). Stops when released.
final class RawReplyServer: @unchecked Sendable {
  let port: Int
  private let socket: Int32

  init(reply: [UInt8]) throws {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw POSIXError(.EIO) }
    self.socket = socket
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(socket, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    port = Int(UInt16(bigEndian: address.sin_port))
    let listener = socket
    Thread.detachNewThread {
      while true {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }  // closed by deinit
        Self.answer(connection, reply)
      }
    }
  }

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  private static func answer(_ connection: Int32, _ reply: [UInt8]) {
    defer { close(connection) }
    var request: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !request.ends(with: Array("\r\n\r\n".utf8)) {
      let count = read(connection, &buffer, buffer.count)
      guard count > 0 else { return }
      request += buffer[..<count]
    }
    var sent = 0
    while sent < reply.count {
      let count = reply[sent...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      sent += count
    }
  }

  deinit {
    shutdown(socket, Int32(SHUT_RDWR))
    close(socket)
  }
}

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
