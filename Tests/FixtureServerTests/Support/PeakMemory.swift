import Foundation

/// The process's peak resident memory (`VmHWM`), which Linux lets a process reset (`/proc/self/clear_refs`).
enum PeakMemory {
  struct Unavailable: Error {}

  /// Resets the peak to the current resident size and returns it, in bytes.
  static func reset() throws -> Int {
    try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    return try current()
  }

  /// The peak resident size since the last reset, in bytes.
  static func current() throws -> Int {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.dropFirst("VmHWM:".count).filter(\.isNumber))
    else { throw Unavailable() }
    return kilobytes * 1024
  }
}
