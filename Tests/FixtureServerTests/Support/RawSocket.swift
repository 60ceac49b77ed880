import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A blocking TCP client for conversations a single exchange cannot have: a request, its answer, then more bytes
/// on the same connection. Use it inside ``RawSocket/conversation(port:_:)``, which runs on a thread of its own.
final class RawSocket {
  private let descriptor: Int32
  /// Bytes received and not yet taken by ``readResponse()``.
  private var pending: [UInt8] = []

  private init(port: Int) throws {
    descriptor = try RawHTTPConnection.openConnection(port: port)
  }

  deinit {
    close(descriptor)
  }

  /// Connects to 127.0.0.1:`port` and runs `body` with the socket on a new thread (blocking calls must not occupy
  /// the cooperative pool the server runs on).
  static func conversation<T: Sendable>(
    port: Int, _ body: @escaping @Sendable (RawSocket) throws -> T
  ) async throws
    -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(with: Result { try body(try RawSocket(port: port)) })
      }.start()
    }
  }

  /// Sends `text` verbatim.
  func send(_ text: String) throws {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let result = bytes[sent...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard result > 0 else { throw RawHTTPConnection.SocketError(call: "send", code: errno) }
      sent += result
    }
  }

  /// Reads one response with a `Content-Length` body; its status code, or `nil` if the connection ended first.
  func readResponse() throws -> Int? {
    while true {
      let exchange = RawExchange(received: pending, failure: nil)
      if let status = exchange.status, let length = exchange.header("Content-Length").flatMap(Int.init),
        exchange.body.count >= length
      {
        let headLength = pending.count - exchange.body.count
        pending.removeFirst(headLength + length)
        return status
      }
      guard try receive() else { return nil }
    }
  }

  /// Reads one response to its end (the server closing the connection) without keeping its body: the status, the
  /// `Content-Length` it announced, and the number of body bytes that came.
  func drainResponse() throws -> (status: Int?, announced: Int?, received: Int) {
    var buffer = [UInt8](repeating: 0, count: 256 * 1024)
    var head = pending
    var headDone = false
    var received = 0
    while true {
      if !headDone, let end = head.firstRange(of: [13, 10, 13, 10]) {
        received = head.count - end.upperBound
        head.removeSubrange(end.upperBound...)
        headDone = true
      }
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      if headDone { received += count } else { head += buffer[..<count] }
    }
    let exchange = RawExchange(received: head, failure: nil)
    return (exchange.status, exchange.header("Content-Length").flatMap(Int.init), received)
  }

  /// Reads until the server closes the connection: `nil` for an orderly close, else the failing `errno`
  /// (`ECONNRESET`, or `EAGAIN` when nothing happened for 30 seconds).
  func waitForClose() -> Int32? {
    do {
      while try receive() {}
      return nil
    } catch let error as RawHTTPConnection.SocketError {
      return error.code
    } catch {
      return -1
    }
  }

  /// Appends what arrives to `pending`; `false` at the end of the stream.
  private func receive() throws -> Bool {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        pending.append(contentsOf: buffer[..<count])
        return true
      }
      if count == 0 { return false }
      if errno != EINTR { throw RawHTTPConnection.SocketError(call: "recv", code: errno) }
    }
  }
}
