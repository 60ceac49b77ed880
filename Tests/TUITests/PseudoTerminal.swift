import Glibc
import Terminal

/// A pseudo-terminal pair for driving the real app loop in-process: `terminal` is the TTY the TUI sees,
/// `controller` plays the terminal emulator (reads frames, types keys).
final class PseudoTerminal {
  let controller: Int32
  let terminal: Int32
  /// Everything read from the controller so far.
  private(set) var output: [UInt8] = []

  init() throws {
    // posix_openpt & co. need _XOPEN_SOURCE and don't import through Glibc: look them up.
    let process = dlopen(nil, RTLD_NOW)
    typealias Control = @convention(c) (Int32) -> Int32
    typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
    guard let open = dlsym(process, "posix_openpt"), let grant = dlsym(process, "grantpt"),
      let unlock = dlsym(process, "unlockpt"), let name = dlsym(process, "ptsname_r")
    else { throw TerminalError.systemCall("dlsym", errno: ENOSYS) }
    controller = unsafeBitCast(open, to: Control.self)(O_RDWR | O_NOCTTY)
    var path = [CChar](repeating: 0, count: 256)
    guard controller >= 0, unsafeBitCast(grant, to: Control.self)(controller) == 0,
      unsafeBitCast(unlock, to: Control.self)(controller) == 0,
      unsafeBitCast(name, to: Name.self)(controller, &path, path.count) == 0
    else { throw TerminalError.systemCall("posix_openpt", errno: errno) }
    terminal = Glibc.open(path, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw TerminalError.systemCall("open", errno: errno) }
  }

  deinit {
    close(terminal)
    close(controller)
  }

  /// Reads what the TUI writes until everything read so far (since `mark`) contains `needle`, or `seconds` pass.
  /// Returns whether it appeared. Waits on `poll`, never sleeps.
  func read(until needle: String, from mark: Int = 0, seconds: Int = 10) -> Bool {
    var buffer = [UInt8](repeating: 0, count: 8192)
    var waited = 0
    while waited < seconds * 1000 {
      if text(from: mark).contains(needle) { return true }
      var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 100) == 1 else {
        waited += 100
        continue
      }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(controller, $0.baseAddress, $0.count) }
      guard count > 0 else { return text(from: mark).contains(needle) }
      output += buffer[0..<count]
    }
    return text(from: mark).contains(needle)
  }

  /// The output read so far, from byte `mark`.
  func text(from mark: Int = 0) -> String {
    String(decoding: output[min(mark, output.count)...], as: UTF8.self)
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
