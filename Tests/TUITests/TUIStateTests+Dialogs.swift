import FeatureKit
import Presentation
import Terminal
import Testing

@testable import TUI

/// Dialogs are modal (issue 26, items 4, 7 and 12): Tab cycles inside them, Enter takes the default action, Esc
/// on a changed form asks first, `q` is text in a focused field.
extension TUIStateTests {
  /// The reader (slot 0) and Notes (slot 1): two tabs, so a Tab that escaped the dialog would show.
  static func readerAndNotes() throws -> Driver {
    try Driver(TestApp(features: [ReaderFeature.module().erased, NotesFeature.module().erased]))
  }

  static func reader(_ action: ReaderFeature.Action) -> TUICommand { .dispatch(.feature(slot: 0, action: action)) }

  /// Opens the Edit form as a press on its button would.
  static func openForm(_ driver: inout Driver) {
    driver.fixture.reader(.edit)
    driver.draw()
  }

  @Test("Tab and Shift-Tab cycle inside a dialog; neither they, digits, `:` nor a tab click reach the tabs")
  func dialogsAreModal() throws {
    var driver = try Self.readerAndNotes()
    Self.openForm(&driver)
    #expect(driver.focused.label == "Name")  // a form opens on its first field
    var labels: [String] = []
    for _ in 0..<4 {
      driver.press(.tab)
      labels.append(driver.focused.label)
    }
    #expect(labels == ["Note", "Save", "Cancel", "Name"])
    driver.press(.tab, .shift)
    #expect(driver.focused.label == "Cancel")
    driver.type("2:")
    #expect(driver.state.selectedTab == 0 && driver.state.switcher == nil)
    let tab = try #require(driver.context.hits.first { $0.target == .tab(1) })
    driver.send(.mouse(MouseEvent(kind: .press, button: .left, x: tab.rect.x, y: 0)))
    #expect(driver.state.selectedTab == 0 && driver.fixture.readerState.isEditing)
  }

  /// Onboarding's page 2 focused Back, so Enter flipped between pages 1 and 2 forever (issue 26, item 4).
  @Test("a dialog opens on its default button, each page anew: Enter goes Next, Next, Done — never Back")
  func enterGoesForward() throws {
    var driver = try Self.readerAndNotes()
    driver.fixture.reader(.tour)
    driver.draw()
    #expect(driver.focused.label == "Next")
    driver.press(.enter)
    #expect(driver.fixture.readerState.tourPage == 1 && driver.focused.label == "Next")  // not Back
    driver.press(.enter)
    #expect(driver.fixture.readerState.tourPage == 2 && driver.focused.label == "Done")
    driver.press(.enter)
    #expect(driver.fixture.readerState.tourPage == nil)
  }

  @Test("Enter in a dialog's field without a submit of its own presses the default button, when enabled")
  func enterInAFieldSubmitsTheDialog() throws {
    var driver = try Self.readerAndNotes()
    Self.openForm(&driver)
    driver.press(.enter)  // edit the name
    driver.press(.character("u"), .control)
    #expect(driver.press(.enter) == [])  // empty: Save is disabled
    driver.press(.enter)
    driver.type("Yuki")
    #expect(driver.press(.enter) == [Self.reader(.save)])
    #expect(driver.fixture.readerState.saved == 1 && !driver.fixture.readerState.isEditing)
  }

  @Test("Esc on a changed form asks before discarding: n or Esc keeps editing, y discards; unchanged, it closes")
  func escapeAsksBeforeDiscarding() throws {
    var driver = try Self.readerAndNotes()
    Self.openForm(&driver)
    #expect(driver.press(.escape) == [Self.reader(.cancel)])  // nothing changed
    Self.openForm(&driver)
    driver.press(.enter)
    driver.type("x")
    driver.press(.escape)  // leaves the field
    #expect(driver.press(.escape) == [])
    #expect(driver.state.confirmation == .discard(.feature(slot: 0, action: ReaderFeature.Action.cancel)))
    #expect(Self.screen(driver).contains("Discard your changes?"))
    driver.type("n")
    #expect(driver.state.confirmation == nil && driver.fixture.readerState.isEditing)
    driver.press(.escape)
    driver.press(.escape)  // Esc answers no too
    #expect(driver.state.confirmation == nil && driver.fixture.readerState.isEditing)
    driver.press(.escape)
    driver.press(.tab)  // the choices: Discard, Keep editing (it opens on Keep editing)
    driver.press(.tab)
    #expect(driver.press(.enter) == [])
    driver.press(.escape)
    #expect(driver.type("y") == [Self.reader(.cancel)])
    #expect(!driver.fixture.readerState.isEditing && driver.fixture.readerState.name == "Hanakox")
  }

  /// `q` on a changed form asked "Quit and discard your changes?" and quit the whole app on `y` (issue 35, item 6):
  /// like Esc, it now closes the form, asking first.
  @Test("q in a focused text field types q; q on a form closes it, asking first when it was changed; then q quits")
  func qIsTextInAField() throws {
    var driver = try Self.readerAndNotes()
    Self.openForm(&driver)
    #expect(driver.type("q") == [Self.reader(.nameEdited("Hanakoq"))])
    #expect(driver.state.editing?.fieldID == "name")
    driver.press(.tab)
    driver.press(.tab)  // Save
    #expect(driver.type("q") == [])
    #expect(driver.state.confirmation == .discard(.feature(slot: 0, action: ReaderFeature.Action.cancel)))
    #expect(driver.type("q") == [])  // q answers no, as Esc does
    #expect(driver.state.confirmation == nil && driver.fixture.readerState.isEditing)
    driver.type("q")
    #expect(driver.type("y") == [Self.reader(.cancel)])
    #expect(!driver.fixture.readerState.isEditing)
    #expect(driver.type("q") == [.quit])  // the top level
  }

  /// The confirmation opened on Discard, so an Enter pressed out of habit threw the form away (issue 35, item 6).
  @Test("a confirmation opens on its safe choice: Enter keeps editing, Tab then Enter discards")
  func confirmationOpensOnTheSafeChoice() throws {
    var driver = try Self.readerAndNotes()
    Self.openForm(&driver)
    driver.press(.enter)
    driver.type("x")
    driver.press(.escape)  // leaves the field
    driver.press(.escape)
    #expect(driver.state.confirmation?.focus == 1)
    #expect(Self.screen(driver).contains("< Keep editing >"))
    #expect(driver.press(.enter) == [])
    #expect(driver.state.confirmation == nil && driver.fixture.readerState.isEditing)
    driver.press(.escape)
    driver.press(.tab)  // Discard
    #expect(driver.press(.enter) == [Self.reader(.cancel)])
  }

  @Test(
    "the command palette filters features by number, key or title; Enter goes there, Esc or Backspace on empty closes")
  func featureSwitcher() throws {
    var driver = try Driver(TestApp.numbered(30))
    driver.type(":27")
    #expect(Self.screen(driver).contains("Go to feature or run a command"))
    driver.press(.enter)
    #expect(driver.state.selectedTab == 26 && driver.state.switcher == nil)
    driver.type(":feature-3")  // the key feature-30, not feature-03's title "Feature 3"
    driver.press(.enter)
    #expect(driver.state.selectedTab == 29)
    driver.type(":FEATURE 1")  // titles, case-insensitive: Feature 1, 10…19, first the prefix matches
    driver.press(.down)
    driver.press(.enter)
    #expect(driver.state.selectedTab == 9)
    driver.type(":x")
    driver.press(.backspace)
    driver.press(.backspace)
    #expect(driver.state.switcher == nil)
    driver.type(":")
    driver.press(.escape)
    #expect(driver.state.switcher == nil && driver.state.selectedTab == 9)
  }

  @Test("a paste into the feature switcher is cleaned and bounded like a text field's")
  func switcherPasteIsBounded() throws {
    var driver = try Driver(TestApp.numbered(30))
    driver.type(":")
    driver.send(.paste("feat\u{1B}[2J\u{7}" + String(repeating: "x", count: 5_000)))
    let query = try #require(driver.state.switcher?.query)
    #expect(query.count == TextEditing.maximumLength)
    #expect(query.hasPrefix("feat[2J"))
    #expect(!query.unicodeScalars.contains { $0.properties.generalCategory == .control })
  }

  /// "Error: Could not connect…" stayed in the status bar after a successful Retry (issue 26, item 3).
  @Test("the status bar's error goes when no screen on view shows it any more")
  func errorsClear() {
    var state = TUIState(size: Size(width: 80, height: 24))
    state.noteErrors(["Could not connect"])
    #expect(state.lastError == "Could not connect")
    state.noteErrors(["Could not connect"])
    #expect(state.lastError == "Could not connect")
    state.noteErrors(["Could not connect", "Timed out"])
    #expect(state.lastError == "Timed out")  // the newest
    state.noteErrors(["Could not connect"])
    #expect(state.lastError == "Could not connect")  // still shown by a screen
    state.noteErrors([])
    #expect(state.lastError == nil)  // recovered
  }
}
