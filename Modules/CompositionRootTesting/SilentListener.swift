import Foundation
import Glibc

/// A loopback socket that accepts connections (the kernel's backlog) and never answers: requests stay in flight.
public final class SilentListener: Sendable {
  /// The port it listens on.
  public let port: Int
  private let descriptor: Int32

  /// Listens on an ephemeral loopback port.
  public init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ready = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        fd >= 0 && bind(fd, address, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, address, &length) == 0
      }
    }
    guard ready else {
      let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      if fd >= 0 { close(fd) }
      throw error
    }
    descriptor = fd
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  /// A listener on a 5-digit port (see ``FixtureBackend``).
  public static func onFiveDigitPort() throws -> SilentListener {
    for _ in 0..<20 {
      let listener = try SilentListener()
      if listener.port >= 10_000 { return listener }
    }
    throw POSIXError(.EADDRNOTAVAIL)
  }

  deinit { close(descriptor) }
}
