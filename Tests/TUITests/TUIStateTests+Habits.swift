import FeatureKit
import Presentation
import Terminal
import Testing

@testable import TUI

/// Keys as lazygit, k9s and tig users expect them (issue 35, item 6): `q` closes the innermost view, Alt+letter is
/// a key of its own, `/` filters any list, `:` runs any feature or command.
extension TUIStateTests {
  /// `q` quit the whole app from the outbox list, the help or a dialog (issue 35, item 6).
  @Test("q closes the innermost view: outbox, help, the dialog, DevTools, the row filter; it quits only from the top")
  func qClosesTheInnermostView() throws {
    var driver = try Self.readerAndNotes()
    driver.state.outbox = TUIOutbox(status: "1 change waiting to send", lines: ["1  pending  PATCH notes"])
    driver.type("o")
    #expect(driver.state.isOutboxVisible)
    #expect(driver.type("q") == [])
    #expect(!driver.state.isOutboxVisible)
    driver.fixture.reader(.open(1))  // an article's detail: a dialog
    driver.draw()
    driver.type("?")  // the help, over the dialog
    #expect(driver.type("q") == [])
    #expect(!driver.state.isHelpVisible && driver.fixture.readerState.opened == 1)
    #expect(driver.type("q") == [Self.reader(.close)])  // the dialog, with its own dismiss action
    #expect(driver.fixture.readerState.opened == nil)
    driver.type("d")
    #expect(driver.type("q") == [])
    #expect(!driver.state.devTools.isVisible)
    driver.type("/2")
    driver.press(.enter)  // keeps the filter
    #expect(driver.state.rowFilter == "2")
    #expect(driver.type("q") == [])
    #expect(driver.state.rowFilter == nil)
    #expect(driver.type("q") == [.quit])
  }

  /// Alt-q quit and Alt-r refreshed (Alt+letter was read as the letter), and Esc-then-q sent together, as tmux does,
  /// typed q into the focused field (issue 35, item 6).
  @Test("Alt+letter is a key of its own, bound to nothing: Alt-q neither quits nor types, Alt-r does not refresh")
  func altLetters() throws {
    var driver = try Driver()  // Shop: the focus starts on its search field
    #expect(driver.press(.character("q"), .alt) == [])
    #expect(driver.state.editing == nil && driver.fixture.shopState.query == "カレー")
    #expect(driver.press(.character("r"), .alt) == [])
    #expect(driver.fixture.shopState.refreshes == 0)
    driver.type("/")  // editing the field
    #expect(driver.press(.character("x"), .alt) == [])
    #expect(driver.state.editing != nil && driver.fixture.shopState.query == "カレー")
    driver.press(.escape)
    driver.press(.down)
    #expect(driver.press(.character("q"), .alt) == [])
    #expect(Self.screen(driver).contains("Alt-q does nothing here"))
    #expect(driver.press(.character("q")) == [.quit])
  }

  /// `:q` was not understood: the switcher went to a tab whose name held a q, or nowhere (issue 35, item 6).
  @Test(":q quits from the palette; it lists every feature, the screen's bindings as the help has them, its buttons")
  func commandPalette() throws {
    var driver = try Self.readerAndNotes()
    driver.type(":q")
    #expect(driver.press(.enter) == [.quit])
    driver.type(":quit")
    #expect(Self.screen(driver).contains("Enter quits"))
    #expect(driver.press(.enter) == [.quit])

    let entries = FeatureSwitcher.entries(tabs: driver.context.tabs, state: driver.state, content: driver.context.view)
    let situation = KeySituation(state: driver.state, content: driver.context.view, tabCount: 2, overflows: false)
    let commands = KeyBinding.active(in: situation).filter { $0.run != nil }
    #expect(entries.map(\.run) == [.tab(0), .tab(1)] + commands.map(\.run) + [.element(3), .element(4)])
    #expect(entries.suffix(2).map(\.title) == ["Edit", "Tour"])
    #expect(commands.map(\.keys).contains("r") && commands.map(\.keys).contains("?, F1"))

    driver.type(":refresh")
    #expect(driver.press(.enter) == [.dispatch(.app(.refreshAll))])
    driver.type(":tour")
    #expect(driver.press(.enter) == [Self.reader(.tour)])
    #expect(driver.fixture.readerState.tourPage == 0)
    driver.press(.escape)
    driver.type(":help")
    driver.press(.enter)
    #expect(driver.state.isHelpVisible && driver.state.switcher == nil)
    driver.press(.escape)
    driver.type(":notes")
    driver.press(.enter)
    #expect(driver.state.selectedTab == 1)
  }

  /// `/` filtered only a screen with a search field of its own (Archive's); any other list had none (issue 35, item 6).
  @Test("/ filters any list: typing keeps the rows containing the text, Enter keeps it, Esc clears it")
  func rowFilter() throws {
    var driver = try Self.readerAndNotes()
    driver.type("2")  // Notes: a list and no text field
    driver.type("/")
    #expect(driver.state.isTypingRowFilter)
    driver.type("RYOq")  // case-insensitive; q is text here
    #expect(driver.state.rowFilter == "RYOq")
    #expect(Self.screen(driver).contains("No row contains \"RYOq\""))
    driver.press(.backspace)
    var screen = Self.screen(driver)
    #expect(screen.contains("Book the ryokan") && !screen.contains("Buy milk") && !screen.contains("田中"))
    #expect(screen.contains("/RYO_"))
    driver.press(.enter)  // keeps the filter: the keys move among the rows kept
    #expect(!driver.state.isTypingRowFilter && driver.state.rowFilter == "RYO")
    #expect(driver.press(.enter) == [.dispatch(.feature(slot: 1, action: NotesFeature.Action.open(2)))])
    driver.press(.escape)
    screen = Self.screen(driver)
    #expect(driver.state.rowFilter == nil && screen.contains("Buy milk") && screen.contains("Book the ryokan"))
    driver.type("/")
    driver.press(.escape)  // Esc while typing clears too
    #expect(driver.state.rowFilter == nil && !driver.state.isTypingRowFilter)
    driver.type("/m")
    driver.press(.enter)
    driver.type("1")  // another tab: the filter was this tab's
    #expect(driver.state.rowFilter == nil)
  }
}
