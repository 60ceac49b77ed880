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

  /// Creates (or truncates) the file at `path`, readable by everyone, writable by the owner.
  /// - Throws: ``ActionLogError/cannotCreate(path:reason:)`` with the system's reason (no such directory,
  ///   permission denied, is a directory, …).
  public init(creatingAt path: String) throws(ActionLogError) {
    guard !path.isEmpty else { throw .cannotCreate(path: path, reason: "empty path") }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
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
