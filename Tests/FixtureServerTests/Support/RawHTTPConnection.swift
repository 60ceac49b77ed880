import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a raw TCP exchange produced: every byte received, and how the stream ended.
struct RawExchange: Sendable {
  /// The bytes received before the stream ended.
  var received: [UInt8]
  /// `nil` for an orderly end (EOF), otherwise the `errno` of the failing `recv` (e.g. `ECONNRESET`).
  var failure: Int32?

  /// The bytes before the blank line ending the head, as text.
  var head: String {
    guard let end = headEnd else { return String(decoding: received, as: UTF8.self) }
    return String(decoding: received[..<end], as: UTF8.self)
  }

  /// The bytes after the head.
  var body: [UInt8] {
    guard let end = headEnd else { return [] }
    return Array(received[(end + 4)...])
  }

  /// The status code from the status line.
  var status: Int? {
    let parts = head.split(separator: " ", maxSplits: 2)
    return parts.count > 1 ? Int(parts[1]) : nil
  }

  /// A header value from the head, case-insensitively.
  func header(_ name: String) -> String? {
    for line in head.split(separator: "\r\n").dropFirst() {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == name.lowercased() {
        return parts[1].trimmingCharacters(in: " ")
      }
    }
    return nil
  }

  private var headEnd: Int? {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard received.count >= 4 else { return nil }
    return (0...(received.count - 4)).first { received[$0..<$0 + 4].elementsEqual(separator) }
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
  }
}

/// A bare Glibc socket client, for what URLSession hides: exact bytes, truncated bodies, resets, and
/// request lines with unencoded UTF-8.
enum RawHTTPConnection {
  struct SocketError: Error, CustomStringConvertible {
    var call: String
    var code: Int32
    var description: String { "\(call) failed with errno \(code)" }
  }

  /// A socket connected to 127.0.0.1:`port`, whose reads give up after 30 seconds without data; the caller closes it.
  static func openConnection(port: Int) throws(SocketError) -> Int32 {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw SocketError(call: "socket", code: errno) }
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      close(descriptor)
      throw SocketError(call: "connect", code: code)
    }
    return descriptor
  }

  /// Connects to 127.0.0.1:`port`, sends `request` verbatim, then reads until the peer closes or resets the
  /// connection (or 30 seconds pass without data).
  static func exchange(port: Int, request: [UInt8]) throws -> RawExchange {
    let descriptor = try openConnection(port: port)
    defer { close(descriptor) }

    var sent = 0
    while sent < request.count {
      let result = request[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
      guard result > 0 else { throw SocketError(call: "send", code: errno) }
      sent += result
    }

    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        received.append(contentsOf: buffer[..<count])
      } else if count == 0 {
        return RawExchange(received: received, failure: nil)
      } else if errno == EINTR {
        continue
      } else {
        return RawExchange(received: received, failure: errno)
      }
    }
  }

  /// `GET target` with `Connection: close` and optional extra header lines.
  static func get(_ target: String, port: Int, headers: [String] = []) async throws -> RawExchange {
    let lines = ["GET \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"] + headers
    return try await transmit(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8), port: port)
  }

  /// ``exchange(port:request:)`` on a thread of its own: blocking socket calls must not occupy the
  /// cooperative pool the server's request handlers run on.
  static func transmit(_ request: [UInt8], port: Int) async throws -> RawExchange {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try exchange(port: port, request: request) }) }.start()
    }
  }
}
