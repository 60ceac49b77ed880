import CLI
import Synchronization

/// A ``TextStream`` that records what is written; not a terminal (plain output, no spinner).
final class CapturedStream: TextStream {
  let isTerminal = false
  let columns: Int? = nil
  private let buffer = Mutex("")

  func write(_ text: String) { buffer.withLock { $0 += text } }

  var text: String { buffer.withLock { $0 } }
}
