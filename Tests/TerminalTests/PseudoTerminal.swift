import Glibc

@testable import Terminal

/// A pseudo-terminal pair: `terminal` is the TTY the session sees, `controller` plays the user's
/// terminal emulator (reads what the session writes, writes what the user types).
final class PseudoTerminal {
  let controller: Int32
  let terminal: Int32

  init() throws {
    // posix_openpt & co. need _XOPEN_SOURCE and don't import through Glibc: look them up.
    let process = dlopen(nil, RTLD_NOW)
    typealias OpenPT = @convention(c) (Int32) -> Int32
    typealias PTControl = @convention(c) (Int32) -> Int32
    typealias PTSName = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
    guard let openSymbol = dlsym(process, "posix_openpt"), let grantSymbol = dlsym(process, "grantpt"),
      let unlockSymbol = dlsym(process, "unlockpt"), let nameSymbol = dlsym(process, "ptsname_r")
    else { throw TerminalError.systemCall("dlsym", errno: ENOSYS) }
    controller = unsafeBitCast(openSymbol, to: OpenPT.self)(O_RDWR | O_NOCTTY)
    var name = [CChar](repeating: 0, count: 256)
    guard controller >= 0, unsafeBitCast(grantSymbol, to: PTControl.self)(controller) == 0,
      unsafeBitCast(unlockSymbol, to: PTControl.self)(controller) == 0,
      unsafeBitCast(nameSymbol, to: PTSName.self)(controller, &name, name.count) == 0
    else {
      throw TerminalError.systemCall("posix_openpt", errno: errno)
    }
    terminal = open(name, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw TerminalError.systemCall("open", errno: errno) }
  }

  deinit {
    close(terminal)
    close(controller)
  }

  /// Everything the session has written so far (waits up to 2 s for the first byte, then takes
  /// what is immediately available).
  func drain() -> String {
    var collected: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var timeout: Int32 = 2000
    while true {
      var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, timeout) == 1 else { break }
      let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      collected += buffer[0..<count]
      timeout = 50
    }
    return String(decoding: collected, as: UTF8.self)
  }

  /// What the session has written and the terminal holds now, without waiting.
  func available() -> [UInt8] {
    var collected: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
    while poll(&descriptor, 1, 0) == 1 {
      let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      collected += buffer[0..<count]
    }
    return collected
  }

  /// Types `text` as the user would.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
  }

  /// The terminal's local flags (ICANON, ECHO, ISIG, …).
  func localFlags() -> tcflag_t {
    var settings = termios()
    tcgetattr(terminal, &settings)
    return settings.c_lflag
  }
}
