import Foundation

/// The Swift compiler beside the `swift` running the tests, to check generated sources with the real lexer.
enum Toolchain {
  /// `swiftc` on `PATH`, or `nil`.
  static let swiftc: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// Runs `swiftc` with `arguments`: its exit status and what it printed (both streams).
  static func run(_ arguments: [String], in directory: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: swiftc ?? "/usr/bin/swiftc")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  /// `swiftc -parse` of `source`: `nil` when Swift's own lexer and parser accept it, else what they said.
  static func parseProblems(_ source: String) throws -> String? {
    let directory = NSTemporaryDirectory() + "kumiki-swiftc-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data(source.utf8).write(to: URL(fileURLWithPath: directory + "/Emitted.swift"))
    let (status, output) = try run(["-parse", "Emitted.swift"], in: directory)
    return status == 0 && !output.contains("error:") ? nil : output
  }
}
