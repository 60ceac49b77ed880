import Synchronization
import Terminal

/// Standard output held back while a run writes it, then shown through the ``Pager`` when it is longer than the
/// terminal (more lines, counting wrapped ones, than the terminal has rows), else written as it is.
///
/// ``KumikiCLI`` uses it only when standard output is a terminal and a pager is set (``Pager/resolve(noPager:environment:)``),
/// so a pipe, a file and `--json` into a pipe are written at once, never paged. A run that prints a few lines shows
/// them without starting anything.
final class PagedOutput: TextStream {
  /// Where the output goes when it is not paged (and what it reports as its nature).
  let base: any TextStream
  /// The terminal's rows; `nil` when unknown (then nothing is paged).
  let rows: Int?
  /// Shows text through the pager; `false` when it could not start (then the text is written to `base`).
  let page: @Sendable (String) -> Bool
  private let buffer = Mutex("")

  init(base: any TextStream, rows: Int?, page: @escaping @Sendable (String) -> Bool) {
    self.base = base
    self.rows = rows
    self.page = page
  }

  /// The paged output of standard output for `pager`, or `nil` when it is not a terminal.
  static func over(_ output: FileStream, pager: Pager?) -> PagedOutput? {
    guard let pager, output.isTerminal else { return nil }
    return PagedOutput(base: output, rows: output.rows) { text in pager.show(text, descriptor: output.descriptor) }
  }

  var isTerminal: Bool { base.isTerminal }
  var columns: Int? { base.columns }

  func write(_ text: String) { buffer.withLock { $0 += text } }

  /// Writes what was held back: through the pager when it is longer than the terminal, else to `base`.
  func finish() {
    let text = buffer.withLock { held in
      defer { held = "" }
      return held
    }
    guard !text.isEmpty else { return }
    if let rows, Self.lines(of: text, columns: columns ?? 80) >= rows, page(text) { return }
    base.write(text)
  }

  /// How many terminal lines `text` takes at `columns` (a line wider than that wraps onto more).
  static func lines(of text: String, columns: Int) -> Int {
    let width = max(1, columns)
    var count = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0) {
      count += max(1, (displayWidth(of: line) + width - 1) / width)
    }
    return count
  }
}
