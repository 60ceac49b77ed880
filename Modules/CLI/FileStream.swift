#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A ``TextStream`` over a file descriptor: the process's standard output or standard error.
public struct FileStream: TextStream {
  /// The descriptor written to.
  public let descriptor: Int32

  /// A stream over `descriptor`; the descriptor stays owned by the caller.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The process's standard output.
  public static let standardOutput = FileStream(descriptor: 1)
  /// The process's standard error.
  public static let standardError = FileStream(descriptor: 2)

  /// `isatty(descriptor)`.
  public var isTerminal: Bool { isatty(descriptor) == 1 }

  /// The terminal's column count from `TIOCGWINSZ`, or `nil` when not a terminal or unknown.
  public var columns: Int? {
    var size = winsize()
    guard isTerminal, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// The terminal's row count from `TIOCGWINSZ`, or `nil` when not a terminal or unknown.
  public var rows: Int? {
    var size = winsize()
    guard isTerminal, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
    return Int(size.ws_row)
  }

  /// Writes all of `text` with `write(2)`, retrying on `EINTR` and short writes. Errors (a closed pipe) end the
  /// write silently: the CLI has nowhere better to report them.
  public func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}

/// `write(2)`, reachable from inside ``FileStream/write(_:)`` whose name shadows it.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
