import Foundation

/// The app the playground runs, in the foreground: it shares the playground's terminal (standard input, output and
/// error), and the playground waits for it. Ctrl-C reaches the app (the terminal's process group); the playground
/// only notes it and cleans up when the app has ended.
enum AppProcess {
  /// Runs `path` and returns its exit status (128 + the signal when a signal ended it).
  static func run(_ path: String, arguments: [String], environment: [String: String]) async -> Int32 {
    guard FileManager.default.isExecutableFile(atPath: path) else {
      Playground.say("\(path) not found: build it (make run FEATURE=… builds it)")
      return 1
    }
    // A handled signal is reset to its default in the child at exec, so the app still stops on Ctrl-C.
    signal(SIGINT) { _ in }
    signal(SIGQUIT) { _ in }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = environment
    do {
      try process.run()
    } catch {
      Playground.say("cannot run \(path): \(error.localizedDescription)")
      return 1
    }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        process.waitUntilExit()
        done.resume()
      }
    }
    switch process.terminationReason {
    case .uncaughtSignal: return 128 + process.terminationStatus
    default: return process.terminationStatus
    }
  }
}
