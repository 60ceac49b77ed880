import Foundation

/// How a server stops: SIGINT and SIGTERM shut it down gracefully (the server's own handler,
/// `handlesTerminationSignals`); with `--exit-on-eof`, so does the end of standard input, which is how kumiki and
/// kumiki-tui stop the server they embed even when they die (the parent holds the only write end: its exit, clean
/// or not, ends the read).
extension KumikiAPI {
  /// Runs `stop` once standard input closes, on a thread of its own (the read blocks).
  func stopWhenInputCloses(_ stop: @escaping @Sendable () async -> Void) {
    Thread {
      _ = FileHandle.standardInput.readDataToEndOfFile()
      Task { await stop() }
    }.start()
  }
}
