import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The secret of one run of the apps' embedded API (`kumiki-api --token-file FILE`), and the proofs made with it: the
/// server answers only requests that prove they know it, and an app uses only answers that prove it too.
///
/// Neither side ever sends the secret. A request carries a fresh nonce (`Kumiki-Nonce`, 128 bits from the system's
/// generator) and `Kumiki-Token`, the HMAC-SHA256 of that nonce under the secret labelled as a request; the answer
/// carries `Kumiki-Proof`, the HMAC of the same nonce labelled as an answer. A listener that does not know the secret
/// (a program that took the port of a server that stopped) can neither answer a nonce it has not seen answered nor
/// turn what a request carries into an answer (the labels differ), so echoing headers back fails.
///
/// The secret lives in a private file (`0600`, of this user, never through a symbolic link) that the server holding
/// the data file writes before it says where it listens, and that its apps read.
public struct RunToken: Sendable, Hashable, CustomStringConvertible {
  /// The request header with the request's proof.
  public static let tokenHeader = "Kumiki-Token"
  /// The request header with the request's nonce.
  public static let nonceHeader = "Kumiki-Nonce"
  /// The answer header with the server's proof for the request's nonce.
  public static let proofHeader = "Kumiki-Proof"

  /// 32 bytes.
  private let secret: [UInt8]

  private init(secret: [UInt8]) {
    self.secret = secret
  }

  /// A new secret of 256 bits from the system's random number generator.
  public static func generate() -> RunToken {
    var generator = SystemRandomNumberGenerator()
    return RunToken(secret: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
  }

  /// The secret written as 64 hexadecimal digits (what the file holds, with a newline); `nil` for anything else.
  public init?(text: some StringProtocol) {
    let digits = Array(text.utf8)
    guard digits.count == 64, let bytes = Self.bytes(hex: digits) else { return nil }
    secret = bytes
  }

  /// The secret as 64 lower-case hexadecimal digits, for the file.
  public var text: String { Self.hex(secret) }

  /// Never the secret.
  public var description: String { "RunToken(256 bits)" }

  /// A fresh nonce: 128 bits from the system's random number generator, as 32 hexadecimal digits.
  public static func makeNonce() -> String {
    var generator = SystemRandomNumberGenerator()
    return hex((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
  }

  /// Whether `nonce` is one a server accepts: 16 to 128 letters, digits, `-` or `_`.
  public static func isValidNonce(_ nonce: String) -> Bool {
    (16...128).contains(nonce.utf8.count)
      && nonce.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
          || byte == UInt8(ascii: "_")
      }
  }

  /// What a request with `nonce` carries in `Kumiki-Token`.
  public func requestProof(nonce: String) -> String {
    Self.hex(SHA256.hmac(key: secret, message: Array("kumiki-api request \(nonce)".utf8)))
  }

  /// What the answer to a request with `nonce` carries in `Kumiki-Proof`.
  public func answerProof(nonce: String) -> String {
    Self.hex(SHA256.hmac(key: secret, message: Array("kumiki-api answer \(nonce)".utf8)))
  }

  /// Whether `given` equals `expected`, in a time that does not depend on where they differ.
  public static func matches(_ given: String?, _ expected: String) -> Bool {
    guard let given else { return false }
    let left = Array(given.utf8)
    let right = Array(expected.utf8)
    guard left.count == right.count else { return false }
    var difference: UInt8 = 0
    for index in left.indices { difference |= left[index] ^ right[index] }
    return difference == 0
  }

  // MARK: - The file

  /// Why the token file could not be read or written, in one line.
  public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason, naming the file.
    public let description: String
  }

  /// Reads the secret from `path`: a regular file of this user that no one else may read or write (`0600` or
  /// stricter), opened without following a symbolic link, holding the 64 digits and a newline.
  public static func load(from path: String) throws(FileError) -> RunToken {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else { throw FileError(description: "cannot open \(path): \(errorText())") }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else {
      throw FileError(description: "\(path) is not a regular file of this user")
    }
    guard info.st_mode & 0o077 == 0 else {
      throw FileError(
        description: "\(path) may be read by other users (mode \(String(info.st_mode & 0o777, radix: 8)))")
    }
    var buffer = [UInt8](repeating: 0, count: 80)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count == 65, buffer[64] == UInt8(ascii: "\n"),
      let token = RunToken(text: String(decoding: buffer[..<64], as: UTF8.self))
    else { throw FileError(description: "\(path) does not hold a run token") }
    return token
  }

  /// Writes the secret to `path`, private (`0600`): into a new file beside it, then renamed over it, so a reader
  /// sees the old token or the new one, never a part. Only a missing `path` or a regular file of this user is
  /// replaced.
  public func save(to path: String) throws(FileError) {
    var existing = stat()
    if lstat(path, &existing) == 0, (existing.st_mode & S_IFMT) != S_IFREG || existing.st_uid != geteuid() {
      throw FileError(description: "\(path) is not a regular file of this user: not replaced")
    }
    var generator = SystemRandomNumberGenerator()
    let temporary = "\(path).\(UInt64.random(in: 0...UInt64.max, using: &generator)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { throw FileError(description: "cannot create \(temporary): \(Self.errorText())") }
    let bytes = Array((text + "\n").utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written == bytes.count, synced, rename(temporary, path) == 0 else {
      let reason = Self.errorText()
      unlink(temporary)
      throw FileError(description: "cannot write \(path): \(reason)")
    }
  }

  private static func errorText() -> String { String(cString: strerror(errno)) }

  private static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  private static func bytes(hex digits: [UInt8]) -> [UInt8]? {
    func value(_ digit: UInt8) -> UInt8? {
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
      default: nil
      }
    }
    var bytes: [UInt8] = []
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
    }
    return bytes
  }
}
