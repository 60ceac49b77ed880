import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// An action log being written to a file, one line at a time, each with its own `write(2)` as it is appended: once
/// ``append(_:)`` returns the line is the kernel's, so a crash of the app (a reducer that traps, a kill) loses
/// nothing recorded before it. (A crash of the machine may: there is no `fsync` per line.)
///
/// Write errors (a full disk) do not stop the app: the first one is kept in ``failure`` and later lines are dropped.
public final class ActionLogFile: Sendable {
  /// The path the file was created at.
  public let path: String
  private let state: Mutex<(descriptor: Int32, failure: String?)>

  /// Creates (or truncates) the file at `path`, readable and writable by its owner only (mode 0600, whatever the
  /// umask): the log holds the API's data and the user's keystrokes. Only a new path or a regular file is opened
  /// (``SessionFile``): a symbolic link, a device such as `/dev/null`, a FIFO or a directory is refused and left
  /// as it is.
  /// - Throws: ``ActionLogError/cannotCreate(path:reason:)`` saying what the path is, or with the system's reason
  ///   (no such directory, permission denied, …).
  public convenience init(creatingAt path: String) throws(ActionLogError) {
    self.init(descriptor: try SessionFile.open(truncating: path), path: path)
  }

  /// A log writing to an open descriptor, which it closes (tests: a descriptor of `/dev/full`).
  init(descriptor: Int32, path: String) {
    self.path = path
    state = Mutex((descriptor, nil))
  }

  deinit { close() }

  /// Appends `line` and a newline. Does nothing once the file was closed or a write failed.
  public func append(_ line: String) {
    state.withLock { state in
      guard state.descriptor >= 0, state.failure == nil else { return }
      var bytes = Array(line.utf8)
      bytes.append(0x0A)
      var offset = 0
      while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(state.descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
          if errno == EINTR { continue }
          state.failure = String(cString: strerror(errno))
          return
        }
        offset += written
      }
    }
  }

  /// The first write error, if any: the log ends before the action that could not be written.
  public var failure: String? { state.withLock { $0.failure } }

  /// Closes the file; later appends are dropped. Idempotent.
  public func close() {
    state.withLock { state in
      guard state.descriptor >= 0 else { return }
      _ = Glibc.close(state.descriptor)
      state.descriptor = -1
    }
  }
}
