import FeatureKit
import Presentation
import Terminal
import Testing

@testable import TUI

/// The viewport: the scrolling keys move the view of the screen, the overlay or the help, and the focus follows what
/// is visible (issue 26, items 1 and 2).
extension TUIStateTests {
  /// The reader at 100×30: 27 content rows over 46 (a heading, 40 lines, three rows, Edit, Tour).
  static func reader() throws -> Driver { try Driver(TestApp.reader()) }

  /// The rows of the frame on screen.
  static func screen(_ driver: Driver) -> String {
    TUIApp.frame(app: driver.fixture.app, state: driver.state, devTools: driver.fixture.devTools).buffer.text
  }

  @Test("a screen opens at its top; PgDn, PgUp, End, Home, G, g, Ctrl-D, Ctrl-U and the wheel move the view")
  func scrollingKeysMoveTheView() throws {
    var driver = try Self.reader()
    #expect(driver.state.scrollOffset == 0 && Self.screen(driver).contains("Line 1 of the story."))
    driver.press(.pageDown)
    #expect(driver.state.scrollOffset == 19)  // 46 rows - 27: the end
    #expect(Self.screen(driver).contains("Line 40 of the story.") && !Self.screen(driver).contains("Line 1 of"))
    driver.press(.pageUp)
    #expect(driver.state.scrollOffset == 0)
    driver.press(.end)
    #expect(driver.state.scrollOffset == 19 && driver.focused.label == "Tour")  // the last visible element
    driver.press(.home)
    #expect(driver.state.scrollOffset == 0 && driver.focused.label == "Tour")  // nothing visible to focus: kept
    driver.type("G")
    #expect(driver.state.scrollOffset == 19)
    driver.type("g")
    #expect(driver.state.scrollOffset == 0)
    driver.press(.character("d"), .control)
    #expect(driver.state.scrollOffset == 13)
    driver.press(.character("u"), .control)
    #expect(driver.state.scrollOffset == 0)
    driver.send(.mouse(MouseEvent(kind: .scrollDown, button: .none, x: 5, y: 5)))
    #expect(driver.state.scrollOffset == 3)
    driver.send(.mouse(MouseEvent(kind: .scrollUp, button: .none, x: 5, y: 5)))
    #expect(driver.state.scrollOffset == 0)
    #expect(!driver.state.isHelpVisible && !driver.state.devTools.isVisible)  // g, G and Ctrl-D are scrolling keys
  }

  /// On Profile, once the focus reached "Edit profile" the Personal section never came back: Home, PgUp, `k` and
  /// the wheel moved the focus only (issue 26, item 1).
  @Test("k past the first element moves the view up a line at a time, to the first line; the view stays there")
  func everyLineIsReachableWithK() throws {
    var driver = try Self.reader()
    driver.press(.end)
    for _ in 0..<4 { driver.type("k") }
    #expect(driver.focused.label == "Article 1")
    let scrolled = driver.state.scrollOffset
    driver.type("k")  // nothing above: the view moves
    #expect(driver.state.scrollOffset == scrolled - 1 && driver.focused.label == "Article 1")
    for _ in 0..<40 { driver.type("k") }
    #expect(driver.state.scrollOffset == 0)
    #expect(Self.screen(driver).contains("-- Introduction --"))
    driver.type("j")  // the focus out of view: the nearest visible element, or the view moves
    #expect(driver.state.scrollOffset == 1)
  }

  @Test("the focus follows the view: PgUp from the bottom leaves an element that went out of view for a visible one")
  func focusFollowsTheView() throws {
    var driver = try Driver(size: Size(width: 60, height: 20))  // Shop at 60×20: 17 rows over more
    driver.press(.end)
    let bottomFocus = driver.state.focusIndex
    driver.press(.pageUp)
    let viewport = try #require(driver.context.viewport)
    #expect(driver.state.focusIndex != bottomFocus)
    #expect(viewport.shows(driver.state.focusIndex, from: viewport.top))
  }

  /// A long item's detail opened at the end of its text: the shop, category and first lines could not be reached
  /// (issue 26, item 2).
  @Test("a detail overlay opens at its top; j, PgDn and End scroll it; Tab reaches Close; Enter closes")
  func overlayOpensAtItsTop() throws {
    var driver = try Self.reader()
    driver.fixture.reader(.open(2))
    driver.draw()
    var screen = Self.screen(driver)
    #expect(screen.contains("Article line 1.") && !screen.contains("Article line 60."))
    driver.type("j")
    #expect(driver.state.overlay?.top == 1)
    driver.press(.pageDown)
    screen = Self.screen(driver)
    #expect(!screen.contains("Article line 1.") && screen.contains("Article line 30."))
    driver.press(.end)
    #expect(Self.screen(driver).contains("Article line 60."))
    driver.press(.home)
    driver.press(.tab)
    #expect(driver.focused.label == "Close" && Self.screen(driver).contains("< Close >"))
    driver.press(.enter)
    #expect(driver.fixture.readerState.opened == nil)
  }

  /// Issue 34: the outbox list (`o`) showed the entries that fit, about 24, and no key reached the others. It
  /// scrolls as the help does, with the same keys, and opens at its top.
  @Test(
    "the outbox list scrolls: j, PgDn, End reach its last entry, g and Home its first, the wheel; o reopens at the top")
  func outboxScrolls() throws {
    var driver = try Driver(size: Size(width: 60, height: 12))
    driver.state.outbox = TUIOutbox(
      status: "40 changes waiting to send", lines: (1...40).map { "entry \($0 < 10 ? "0" : "")\($0)  PATCH item" })
    driver.type("o")
    var screen = Self.screen(driver)
    #expect(screen.contains("entry 01") && !screen.contains("entry 40"), "\(screen)")
    driver.type("j")
    #expect(driver.state.outboxTop == 1 && !Self.screen(driver).contains("entry 01"))
    driver.press(.pageDown)
    #expect(driver.state.outboxTop > 1)
    driver.press(.end)
    screen = Self.screen(driver)
    #expect(screen.contains("entry 40") && !screen.contains("entry 01"), "\(screen)")
    let viewport = try #require(driver.context.viewport)
    #expect(viewport.scroller == .outbox && viewport.top == viewport.maxTop && viewport.overflows)
    driver.type("g")
    #expect(driver.state.outboxTop == 0 && Self.screen(driver).contains("entry 01"))
    driver.send(.mouse(MouseEvent(kind: .scrollDown, button: .none, x: 5, y: 5)))
    #expect(driver.state.outboxTop == 3)
    driver.press(.character("d"), .control)
    #expect(driver.state.outboxTop > 3)
    driver.type("G")
    #expect(Self.screen(driver).contains("entry 40"))
    driver.type("o")
    #expect(!driver.state.isOutboxVisible)
    driver.type("o")
    #expect(driver.state.outboxTop == 0 && Self.screen(driver).contains("entry 01"))
  }

  /// Issue 34: a zero-width joiner in data shifted the frame. Rows with joiners, selectors, modifiers and bidi
  /// controls leave the outbox's box whole: its right border in one column on every row, and no cell holding what a
  /// terminal could draw at another width (DisplayWidthTests.tmuxShowsTheBuffer checks the cells against tmux).
  @Test("joiners, selectors and bidi controls in the outbox's rows leave its box whole")
  func hostileRowsKeepTheBox() throws {
    var driver = try Driver(size: Size(width: 60, height: 14))
    driver.state.outbox = TUIOutbox(
      status: "4 changes waiting",
      lines: ["1 あ\u{200D}い\u{200D}う plain", "2 👍🏽👨‍👩‍👧❤️🏳️‍🌈", "3 \u{202E}exe.txt\u{2066}", "4 x\u{200D}\u{200D}y a\u{200D}👨"])
    driver.type("o")
    let buffer = TUIApp.frame(app: driver.fixture.app, state: driver.state, devTools: driver.fixture.devTools).buffer
    let top = try #require(
      (0..<buffer.height).first { y in (0..<buffer.width).contains { buffer[$0, y].character == "+" } })
    let left = try #require((0..<buffer.width).first { buffer[$0, top].character == "+" })
    let right = try #require((left + 1..<buffer.width).first { buffer[$0, top].character == "+" })
    let bottom = try #require((top + 1..<buffer.height).first { buffer[left, $0].character == "+" })
    for y in top + 1..<bottom {
      #expect(buffer[left, y].character == "|" && buffer[right, y].character == "|", "row \(y): \(buffer.text)")
    }
    let unsafe: [ClosedRange<UInt32>] = [0x200C...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFE00...0xFE0F]
    for y in 0..<buffer.height {
      for x in 0..<buffer.width {
        let values = buffer[x, y].character.unicodeScalars.map(\.value)
        #expect(!values.contains { value in unsafe.contains { $0.contains(value) } }, "(\(x), \(y)): \(values)")
      }
    }
    #expect(buffer.text.contains("1 あいう plain") && buffer.text.contains("3 \u{FFFD}exe.txt\u{FFFD}"))
  }

  @Test("the help scrolls when taller than the screen")
  func helpScrolls() throws {
    var driver = try Driver(size: Size(width: 60, height: 12))
    driver.type("?")
    let first = Self.screen(driver)
    driver.press(.pageDown)
    #expect(driver.state.helpTop > 0 && Self.screen(driver) != first)
    driver.type("g")
    #expect(driver.state.helpTop == 0)
  }
}
