import Glibc

/// Writes frames to a file descriptor: one `write(2)` per frame, continued after partial writes,
/// retried on EINTR, and waiting with `poll` when a non-blocking descriptor would block.
public struct TerminalWriter: Sendable {
  /// The descriptor written to.
  public let fileDescriptor: Int32

  /// Creates a writer for `fileDescriptor` (default: standard output).
  public init(fileDescriptor: Int32 = STDOUT_FILENO) {
    self.fileDescriptor = fileDescriptor
  }

  /// Writes all of `bytes`; throws `TerminalError.systemCall` when the descriptor fails.
  public func write(_ bytes: [UInt8]) throws(TerminalError) {
    var failure: Int32 = 0
    bytes.withUnsafeBytes { raw in
      failure = Self.writeAll(fileDescriptor, raw)
    }
    if failure != 0 { throw .systemCall("write", errno: failure) }
  }

  /// Writes all of `raw`; returns 0 or the errno of the failure.
  static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) -> Int32 {
    guard var next = raw.baseAddress else { return 0 }
    var remaining = raw.count
    while remaining > 0 {
      let written = Glibc.write(fd, next, remaining)
      if written > 0 {
        next += written
        remaining -= written
        continue
      }
      let error = written < 0 ? errno : EIO
      if error == EINTR { continue }
      if error == EAGAIN || error == EWOULDBLOCK {
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&descriptor, 1, -1)
        continue
      }
      return error
    }
    return 0
  }
}
