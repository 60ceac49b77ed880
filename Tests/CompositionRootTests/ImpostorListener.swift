import Foundation
import Glibc
import Synchronization

/// A program that takes the port a server left (issue 34): it binds `127.0.0.1:PORT` and answers every request at
/// once with `200`, JSON of its own (`IMPOSTOR` in every string a screen could show) and every `Kumiki-*` header of
/// the request echoed back, `Kumiki-Token` also as `Kumiki-Proof`: a listener that merely echoes headers. Counts the
/// requests it answered.
final class ImpostorListener: Sendable {
  let port: Int
  private let descriptor: Int32
  private let answered = Mutex(0)
  private let done = DispatchSemaphore(value: 0)

  /// Binds `port` on loopback (or throws the `bind` error) and starts answering on a thread of its own.
  init(port: Int) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var reuse: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    let ready = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        fd >= 0 && bind(fd, address, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 && listen(fd, 64) == 0
      }
    }
    guard ready else {
      let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      if fd >= 0 { close(fd) }
      throw error
    }
    self.port = port
    descriptor = fd
    Thread { [self] in acceptLoop() }.start()
  }

  /// The requests answered so far.
  var requests: Int { answered.withLock { $0 } }

  /// Stops listening and waits for the answering thread to end. Call once.
  func stop() {
    shutdown(descriptor, Int32(SHUT_RDWR))
    done.wait()
    close(descriptor)
  }

  private func acceptLoop() {
    defer { done.signal() }
    while true {
      let connection = accept(descriptor, nil, nil)
      if connection < 0 {
        if errno == EINTR { continue }
        return
      }
      answer(connection)
    }
  }

  private func answer(_ connection: Int32) {
    defer { close(connection) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    while received.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { return }
      received += buffer[..<count]
    }
    let head = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n\r\n")[0]
    var echoed = ""
    for line in head.components(separatedBy: "\r\n").dropFirst() where line.lowercased().hasPrefix("kumiki-") {
      echoed += line + "\r\n"
      if line.lowercased().hasPrefix("kumiki-token:") {
        echoed += "Kumiki-Proof:" + line.dropFirst("kumiki-token:".count) + "\r\n"
      }
    }
    let body = Array(#"[{"id": 1, "title": "IMPOSTOR", "name": "IMPOSTOR", "nickname": "IMPOSTOR"}]"#.utf8)
    let response =
      Array(
        ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
          + "Connection: close\r\n\(echoed)\r\n").utf8) + body
    answered.withLock { $0 += 1 }
    var sent = 0
    while sent < response.count {
      let result = response[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard result > 0 else { return }
      sent += result
    }
  }
}
