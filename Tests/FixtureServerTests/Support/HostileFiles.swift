import Foundation
import Synchronization
import Testing

@testable import FixtureServer

#if canImport(Glibc)
  import Glibc
#endif

/// A ``DatabaseFile/Write`` failing with `code`: `ENOSPC` for real, from a write to `/dev/full` (which the kernel
/// answers so), every other code by setting `errno` as a failing file system would.
func failingWrite(_ code: Int32) -> DatabaseFile.Write {
  if code == ENOSPC {
    return { _, bytes in
      let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
      guard full >= 0 else { return -1 }
      let result = write(full, bytes.baseAddress, bytes.count)
      let saved = errno
      close(full)
      errno = saved
      return result
    }
  }
  return { _, _ in
    errno = code
    return -1
  }
}

/// Makes a Unix domain socket file at `url` (bound, then its descriptor closed: the file stays until removed).
func bindUnixSocket(at url: URL) throws {
  let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
  guard descriptor >= 0 else { throw POSIXError(.EIO) }
  var address = sockaddr_un()
  address.sun_family = sa_family_t(AF_UNIX)
  let path = Array(url.path.utf8CString)
  withUnsafeMutableBytes(of: &address.sun_path) { buffer in
    for (index, byte) in path.prefix(buffer.count - 1).enumerated() { buffer[index] = UInt8(bitPattern: byte) }
  }
  let bound = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
    }
  }
  close(descriptor)
  guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
}

/// Runs `body` on a thread of its own and returns its outcome, or fails the test when it has not returned within
/// `limit` seconds (the thread is then left behind: what it blocks on cannot be interrupted). For calls that could
/// block forever on a hostile file.
func withDeadline<T: Sendable>(
  seconds limit: Int, _ body: @escaping @Sendable () throws -> T
) async throws -> Result<T, any Error> {
  let gate = FirstResume<Result<T, any Error>?>()
  let outcome = await withCheckedContinuation { continuation in
    gate.install(continuation)
    Thread { gate.resume(with: Result { try body() }) }.start()
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(limit)) { gate.resume(with: nil) }
  }
  guard let outcome else {
    Issue.record("still blocked after \(limit) s")
    throw CancellationError()
  }
  return outcome
}

/// A continuation resumed by whichever comes first; later resumes do nothing.
final class FirstResume<Value: Sendable>: Sendable {
  private let continuation = Mutex<CheckedContinuation<Value, Never>?>(nil)

  func install(_ continuation: CheckedContinuation<Value, Never>) {
    self.continuation.withLock { $0 = continuation }
  }

  func resume(with value: Value) {
    continuation.withLock { continuation in
      continuation?.resume(returning: value)
      continuation = nil
    }
  }
}

/// A value set once, from any thread; later sets do nothing.
final class OnceBox<Value: Sendable>: Sendable {
  private let storage = Mutex<Value?>(nil)

  var value: Value? { storage.withLock { $0 } }

  func set(_ value: Value) { storage.withLock { $0 = $0 ?? value } }
}
