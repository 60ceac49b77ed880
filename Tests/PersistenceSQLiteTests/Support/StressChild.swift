import Foundation
import Persistence

/// A running `persistence-stress` process (built with this suite, found next to the test binary) and its
/// acknowledged writes, one `s <id>` / `u <id>` line each (`c <id>` for a cache's run, `cache`).
final class StressChild: Sendable {
  let process: Process
  let lines: AsyncStream<String>
  private let standardError: FileHandle

  /// Where the binary is: `KUMIKI_PERSISTENCE_STRESS`, or the build's bin folder (the test bundle's folder).
  static var executable: URL {
    if let override = ProcessInfo.processInfo.environment["KUMIKI_PERSISTENCE_STRESS"] {
      return URL(fileURLWithPath: override)
    }
    let testBinary = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    var folder = testBinary.deletingLastPathComponent()
    // On macOS the test binary sits inside `Kumiki.xctest/Contents/MacOS`.
    while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
    return folder.appendingPathComponent("persistence-stress")
  }

  init(db path: String, from: Int, count: Int, toggle: Bool = false, cache: Bool = false) throws {
    let executable = Self.executable
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw MissingChild(path: executable.path)
    }
    process = Process()
    process.executableURL = executable
    process.arguments =
      ["--db", path, "--from", "\(from)", "--count", "\(count)"] + (toggle ? ["--toggle"] : [])
      + (cache ? ["--cache"] : [])
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    standardError = errors.fileHandleForReading
    let (lines, continuation) = AsyncStream<String>.makeStream()
    self.lines = lines
    try process.run()
    let reading = output.fileHandleForReading
    // Blocking reads on a thread of their own, so no Swift concurrency thread waits on the pipe.
    Thread.detachNewThread {
      var buffer = Data()
      while true {
        let chunk = reading.availableData
        if chunk.isEmpty { break }
        buffer.append(chunk)
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
          continuation.yield(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
          buffer.removeSubrange(buffer.startIndex...newline)
        }
      }
      continuation.finish()
    }
  }

  func kill() {
    Foundation.kill(process.processIdentifier, SIGKILL)
  }

  /// Waits for the process to end (off the Swift concurrency pool) and returns its stderr.
  func waitForExit() async -> String {
    let process = process
    let standardError = standardError
    return await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        let message = String(decoding: standardError.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        continuation.resume(returning: message)
      }
    }
  }

  struct MissingChild: Error, CustomStringConvertible {
    var path: String
    var description: String { "persistence-stress is not built at \(path); build the PersistenceSQLite suite first" }
  }
}

/// One acknowledged write of the child, parsed from its output line.
enum StressWrite: Equatable, Sendable {
  case save(Int)
  case unsave(Int)

  init?(line: String) {
    let parts = line.split(separator: " ")
    guard parts.count == 2, let id = Int(parts[1]) else { return nil }
    switch parts[0] {
    case "s": self = .save(id)
    case "u": self = .unsave(id)
    default: return nil
    }
  }

  /// The write the child performs after this one (with `--toggle`): ids divisible by 3 are unsaved after saving.
  var following: StressWrite {
    switch self {
    case .save(let id): id % 3 == 0 ? .unsave(id) : .save(id + 1)
    case .unsave(let id): .save(id + 1)
    }
  }

  /// The saved ids after applying `writes` in order to an empty store.
  static func apply(_ writes: [StressWrite], to start: Set<Int> = []) -> Set<Int> {
    writes.reduce(into: start) { ids, write in
      switch write {
      case .save(let id): ids.insert(id)
      case .unsave(let id): ids.remove(id)
      }
    }
  }
}
