import Synchronization
import Testing

@testable import CLI

@Suite struct PagedOutputTests {
  final class Pages: Sendable {
    let shown = Mutex<[String]>([])
    let starts: Bool
    init(starts: Bool) { self.starts = starts }
    func page(_ text: String) -> Bool {
      shown.withLock { $0.append(text) }
      return starts
    }
  }

  @Test func longOutputGoesToThePagerShortOutputIsWritten() {
    let terminal = CapturedStream(isTerminal: true, columns: 80)
    let pages = Pages(starts: true)
    let short = PagedOutput(base: terminal, rows: 5, page: pages.page)
    short.write("a\nb\n")
    short.finish()
    #expect(terminal.text == "a\nb\n")
    #expect(pages.shown.withLock { $0 }.isEmpty)

    let long = PagedOutput(base: terminal, rows: 5, page: pages.page)
    long.write("1\n2\n3\n")
    long.write("4\n5\n6\n")
    long.finish()
    #expect(pages.shown.withLock { $0 } == ["1\n2\n3\n4\n5\n6\n"])
    #expect(terminal.text == "a\nb\n", "paged output is not written again")
  }

  @Test func aPagerThatDoesNotStartLeavesThePlainOutput() {
    let terminal = CapturedStream(isTerminal: true, columns: 80)
    let paged = PagedOutput(base: terminal, rows: 2, page: Pages(starts: false).page)
    paged.write("1\n2\n3\n")
    paged.finish()
    #expect(terminal.text == "1\n2\n3\n")
  }

  @Test func wideLinesCountAsTheRowsTheyWrapOnto() {
    #expect(PagedOutput.lines(of: "abcdef\n", columns: 3) == 2)
    #expect(PagedOutput.lines(of: "カレー\n\n", columns: 4) == 3)
    #expect(PagedOutput.lines(of: "a", columns: 80) == 1)
  }

  @Test func unknownRowsNeverPage() {
    let terminal = CapturedStream(isTerminal: true)
    let pages = Pages(starts: true)
    let paged = PagedOutput(base: terminal, rows: nil, page: pages.page)
    paged.write(String(repeating: "x\n", count: 500))
    paged.finish()
    #expect(pages.shown.withLock { $0 }.isEmpty)
  }
}
