import FeatureKit
import Presentation
import Terminal
import Testing

@testable import TUI

/// The UI state machine, driven as the app loop drives it: events in, commands out, dispatches applied.
@Suite("UI state machine")
struct TUIStateTests {
  /// Drives a ``TUIState`` against a test app, dispatching what it asks for.
  struct Driver {
    let fixture: TestApp
    var state = TUIState(size: Size(width: 100, height: 30))

    init(_ fixture: TestApp? = nil, size: Size = Size(width: 100, height: 30)) throws {
      self.fixture = try fixture ?? TestApp()
      state = TUIState(size: size)
      draw()
    }

    var context: TUIContext {
      let frame = TUIApp.frame(app: fixture.app, state: state, devTools: fixture.devTools)
      return TUIContext(
        tabCount: TUIApp.screens(of: fixture.app).count,
        view: TUIApp.content(app: fixture.app, state: state, history: fixture.devTools.entries),
        historyCount: fixture.devTools.count, hasDevTools: true, hits: frame.hits, viewport: frame.viewport,
        tabs: TUIApp.screens(of: fixture.app).map { FeatureSwitcher.Entry(key: $0.key, title: $0.title) })
    }

    var focusables: [Focusable<AppAction>] { FocusCollector.focusables(in: context.view!) }
    var focused: Focusable<AppAction> { focusables[state.focusIndex] }

    /// Handles `event`, dispatches what it asks for, then draws a frame and notes it, as the app loop does.
    @discardableResult
    mutating func send(_ event: InputEvent) -> [TUICommand] {
      let commands = state.handle(event, in: context)
      for case .dispatch(let action) in commands { fixture.app.store.dispatch(action) }
      draw()
      return commands
    }

    /// What the loop does after each event: follow the overlay on view and remember what the frame scrolled.
    mutating func draw() {
      let view = TUIApp.content(app: fixture.app, state: state, history: fixture.devTools.entries)
      let overlay = view?.firstOverlay
      state.noteOverlay(
        overlay?.title, focusables: overlay == nil ? [] : view.map { FocusCollector.focusables(in: $0) } ?? [])
      state.noteFrame(TUIApp.frame(app: fixture.app, state: state, devTools: fixture.devTools))
    }

    @discardableResult
    mutating func press(_ key: Key, _ modifiers: KeyModifiers = []) -> [TUICommand] {
      send(.key(KeyEvent(key, modifiers: modifiers)))
    }

    @discardableResult
    mutating func type(_ text: String) -> [TUICommand] {
      text.flatMap { press(.character($0)) }
    }

    mutating func focus(where predicate: (Focusable<AppAction>) -> Bool) throws {
      let index = focusables.firstIndex(where: predicate)
      let found: Int = try #require(index)
      state.focus[state.selectedTab] = found
    }
  }

  static func shop(_ action: ShopFeature.Action) -> TUICommand { .dispatch(.feature(slot: 0, action: action)) }

  @Test("Tab and Shift-Tab cycle through the screens; digits jump; a digit past the last tab is ignored")
  func tabs() throws {
    var driver = try Driver()
    #expect(TUIApp.screens(of: driver.fixture.app).map(\.title) == ["Shop", "Notes"])  // Clock has no screen
    driver.press(.tab)
    #expect(driver.state.selectedTab == 1)
    driver.press(.tab)
    #expect(driver.state.selectedTab == 0)
    driver.press(.tab, .shift)
    #expect(driver.state.selectedTab == 1)
    driver.type("1")
    #expect(driver.state.selectedTab == 0)
    driver.type("2")
    #expect(driver.state.selectedTab == 1)
    driver.type("9")
    #expect(driver.state.selectedTab == 1)
  }

  /// Ctrl-Q quit and Ctrl-D opened DevTools: a Ctrl+letter acted as its plain letter (issue 26, item 10).
  @Test("a Ctrl+letter with no binding of its own does nothing; Ctrl-C, Ctrl-L and Ctrl-Z keep theirs")
  func controlLetters() throws {
    var driver = try Driver()
    let before = driver.state
    for letter in "qrjkh?/" { #expect(driver.press(.character(letter), .control).isEmpty, "Ctrl-\(letter)") }
    #expect(driver.state == before)
    #expect(driver.press(.character("c"), .control) == [.quit])
    #expect(driver.press(.character("l"), .control) == [.redraw])
    #expect(driver.press(.character("z"), .control) == [.suspend])
    driver.press(.down)  // off the search field, where q is text
    #expect(driver.press(.character("q")) == [.quit])  // the plain letter still does
  }

  @Test("arrows and h/j/k/l move between rows and along a row, keeping the column")
  func focusMovement() throws {
    var driver = try Driver()
    #expect(driver.focused.kind == .textField)
    driver.press(.down)
    #expect(driver.focused.label == "和食")
    driver.press(.right)
    driver.type("l")
    #expect(driver.focused.label == "中華")
    driver.press(.right)  // end of the row: stays
    #expect(driver.focused.label == "中華")
    driver.type("j")  // into the carousel, same column
    #expect(driver.focused.kind == .card)
    #expect(driver.focused.label == "寿司 Sushi")
    driver.type("k")
    #expect(driver.focused.label == "中華")
    driver.type("h")
    #expect(driver.focused.label == "洋食")
    driver.press(.up)
    driver.press(.up)  // top: stays
    #expect(driver.focused.kind == .textField)
    driver.press(.end)
    #expect(driver.focused.label == "Surprise me")
    driver.press(.home)
    #expect(driver.state.focusIndex == 0)
  }

  @Test("focus is kept per tab")
  func focusPerTab() throws {
    var driver = try Driver()
    driver.press(.down)
    driver.press(.tab)
    driver.press(.down)
    #expect(driver.focused.label == "Call 田中さん")
    driver.press(.tab)
    #expect(driver.focused.label == "和食")
  }

  @Test("Enter and Space dispatch the focused element's action: chip, heart, card, load more, button")
  func activation() throws {
    var driver = try Driver()
    try driver.focus { $0.label == "洋食" }
    #expect(driver.press(.enter) == [Self.shop(.selectCategory("洋食"))])
    #expect(driver.fixture.shopState.category == "洋食")
    try driver.focus { $0.kind == .accessory && $0.label == "Save" }
    #expect(driver.type(" ") == [Self.shop(.toggleSave("r1"))])
    #expect(driver.fixture.shopState.saved == ["r1", "r2"])
    try driver.focus { $0.kind == .card }
    #expect(driver.press(.enter) == [Self.shop(.open("r1"))])
    try driver.focus { $0.kind == .loadMore }
    #expect(driver.press(.enter) == [Self.shop(.loadMore)])
    try driver.focus { $0.kind == .toggle }
    #expect(driver.press(.enter) == [Self.shop(.toggleVegetarian)])
    try driver.focus { $0.kind == .tab && $0.label == "Info" }
    #expect(driver.press(.enter) == [Self.shop(.selectSection("Info"))])
  }

  @Test("the search field edits the store's text: '/' focuses it, each edit dispatches the new text, Enter submits")
  func textEditing() throws {
    var driver = try Driver()
    try driver.focus { $0.kind == .card }
    #expect(driver.type("/") == [])
    #expect(driver.focused.kind == .textField)
    #expect(driver.state.editing == TextEditing(fieldID: "search", text: "カレー"))
    #expect(driver.press(.backspace) == [Self.shop(.queryEdited("カレ"))])
    driver.press(.backspace)
    driver.press(.backspace)
    #expect(driver.press(.backspace) == [])  // nothing left: no edit, no dispatch
    #expect(driver.fixture.shopState.query == "")
    #expect(driver.send(.paste("親子丼\n")) == [Self.shop(.queryEdited("親子丼 "))])  // one paste, one dispatch
    driver.press(.backspace)
    #expect(driver.press(.left) == [])  // cursor moves are front-end state
    driver.press(.left)
    driver.type("q")  // typed into the field, not a quit
    #expect(driver.fixture.shopState.query == "親q子丼")
    driver.press(.end)
    driver.type("r1")  // digits and shortcuts are text while editing
    #expect(driver.fixture.shopState.query == "親q子丼r1")
    #expect(driver.press(.enter) == [Self.shop(.search("親q子丼r1"))])
    #expect(driver.state.editing == nil)
  }

  @Test("Ctrl-U, Ctrl-W, Ctrl-K, Home and Delete edit like a shell line; what the store holds is what is shown")
  func lineEditing() throws {
    var driver = try Driver()
    driver.press(.enter)  // the field is focused first: start editing at the end
    driver.send(.paste(" hot  spicy"))
    #expect(driver.fixture.shopState.query == "カレー hot  spicy")
    #expect(driver.press(.character("w"), .control) == [Self.shop(.queryEdited("カレー hot  "))])
    driver.press(.character("w"), .control)
    #expect(driver.fixture.shopState.query == "カレー ")
    driver.press(.left)
    driver.press(.left)
    #expect(driver.press(.character("k"), .control) == [Self.shop(.queryEdited("カレ"))])
    driver.press(.home)
    #expect(driver.press(.delete) == [Self.shop(.queryEdited("レ"))])
    driver.press(.end)
    #expect(driver.press(.character("u"), .control) == [Self.shop(.queryEdited(""))])
    driver.send(.paste("a long text"))
    // The store changes the text behind the field (a reducer, another edit): the cursor stays within it.
    driver.fixture.shop(.queryEdited("寿司"))
    #expect(driver.type("!") == [Self.shop(.queryEdited("寿司!"))])
  }

  @Test("a paste on a focused field starts editing and is one dispatch; elsewhere it is ignored")
  func pasteStartsEditing() throws {
    var driver = try Driver()
    let long = String(repeating: "寿", count: 10_000)
    let commands = driver.send(.paste(long))
    #expect(commands.count == 1)
    #expect(driver.fixture.shopState.query == "カレー" + String(repeating: "寿", count: TextEditing.maximumLength - 3))
    driver.press(.escape)
    #expect(driver.state.editing == nil)
    #expect(driver.fixture.shopState.query.hasPrefix("カレー寿"))  // Esc leaves the field, keeps the text
    driver.press(.down)
    #expect(driver.send(.paste("x")) == [])
    #expect(driver.state.editing == nil)
  }

  @Test("a disabled control keeps its focus place, activating it dispatches nothing and says why")
  func disabledControl() {
    let view: ViewNode<AppAction> = .stack([
      .button(label: "Save", action: .app(.refreshAll), isEnabled: false),
      .textField(
        TextFieldNode(
          id: "locked", label: "Name", text: "x", placeholder: "", isEnabled: false, change: { _ in .app(.refreshAll) })
      ),
      .button(label: "Cancel", action: .app(.terminate)),
    ])
    var state = TUIState(size: Size(width: 80, height: 24))
    let context = TUIContext(tabCount: 1, view: view)
    #expect(FocusCollector.focusables(in: view).map(\.isEnabled) == [false, false, true])
    #expect(state.handle(.key(KeyEvent(.enter)), in: context) == [])
    #expect(state.message == "Save is not available now")
    state.handle(.key(KeyEvent(.down)), in: context)
    #expect(state.handle(.key(KeyEvent(.enter)), in: context) == [])
    #expect(state.editing == nil)  // a disabled field cannot be edited
    #expect(state.handle(.paste("y"), in: context) == [])
    state.handle(.key(KeyEvent(.down)), in: context)
    #expect(state.handle(.key(KeyEvent(.enter)), in: context) == [.dispatch(.app(.terminate))])
  }

  @Test("Esc dismisses an overlay with its dismiss action; focus stays inside the overlay")
  func overlay() throws {
    var driver = try Driver()
    driver.fixture.shop(.showOnboarding)
    #expect(driver.focusables.map(\.label) == ["Start"])
    driver.press(.down)
    #expect(driver.focused.label == "Start")
    #expect(driver.press(.escape) == [Self.shop(.dismissOnboarding)])
    #expect(driver.fixture.shopState.showOnboarding == false)
    #expect(driver.focusables.count > 1)
  }

  /// `q` in the help quit the whole app (issue 35, item 6): it closes the help, as in tig and k9s.
  @Test("help: '?' opens, other keys are ignored, Esc, '?' or q closes it; q then quits")
  func help() throws {
    var driver = try Driver()
    driver.type("?")
    #expect(driver.state.isHelpVisible)
    driver.press(.down)
    #expect(driver.state.focusIndex == 0)
    driver.press(.escape)
    #expect(!driver.state.isHelpVisible)
    driver.press(.function(1))
    #expect(driver.state.isHelpVisible)
    driver.type("?")
    #expect(!driver.state.isHelpVisible)
    driver.press(.down)  // off the search field, where q is text
    driver.type("?")
    #expect(driver.type("q") == [])
    #expect(!driver.state.isHelpVisible)
    #expect(driver.type("q") == [.quit])
  }

  @Test("q and Ctrl-C quit; Ctrl-C even while editing; r refreshes every feature")
  func globalKeys() throws {
    var driver = try Driver()
    #expect(driver.type("q") == [Self.shop(.queryEdited("カレーq"))])  // the focused field takes q as text
    driver.press(.escape)
    driver.press(.down)
    #expect(driver.type("q") == [.quit])
    driver.type("/")
    #expect(driver.press(.character("c"), .control) == [.quit])
    driver.press(.escape)
    #expect(driver.type("r") == [.dispatch(.app(.refreshAll))])
    #expect(driver.fixture.shopState.refreshes == 1)
    #expect(driver.press(.character("l"), .control) == [.redraw])
    #expect(driver.press(.character("z"), .control) == [.suspend])
  }

  @Test("DevTools: d toggles; [ and ] step through history (read-only); G resumes; e exports")
  func devToolsStepping() throws {
    var driver = try Driver()
    driver.fixture.shop(.search("寿司"))
    driver.fixture.shop(.search("天ぷら"))
    driver.fixture.shop(.search("うどん"))
    driver.type("[")
    #expect(driver.state.devTools.position == nil)  // panel closed: ignored
    driver.type("d")
    #expect(driver.state.devTools.isVisible)
    driver.type("[")
    #expect(driver.state.devTools.position == 1)
    #expect(driver.context.view?.firstTextField?.text == "天ぷら")
    driver.type("[[[")
    #expect(driver.state.devTools.position == 0)
    #expect(driver.context.view?.firstTextField?.text == "寿司")
    #expect(driver.press(.enter) == [])  // read-only while time travelling
    #expect(driver.type("r") == [])
    #expect(driver.state.message?.contains("G") == true)
    driver.type("]]]]")
    #expect(driver.state.devTools.position == 2)
    driver.type("G")
    #expect(driver.state.devTools.position == nil)
    #expect(driver.context.view?.firstTextField?.text == "うどん")
    #expect(driver.type("e") == [.exportHistory])
    driver.press(.function(12))
    #expect(!driver.state.devTools.isVisible)
  }

  @Test("mouse: a click on a tab selects it; a click on a chip activates it; the wheel moves focus")
  func mouse() throws {
    var driver = try Driver()
    let hits = driver.context.hits
    let notesTab = try #require(hits.first { $0.target == .tab(1) })
    driver.send(.mouse(MouseEvent(kind: .press, button: .left, x: notesTab.rect.x, y: 0)))
    #expect(driver.state.selectedTab == 1)
    driver.type("1")
    let chip = try #require(driver.focusables.firstIndex { $0.label == "中華" })
    let region = try #require(driver.context.hits.first { $0.target == .focusable(chip) })
    let commands = driver.send(.mouse(MouseEvent(kind: .press, button: .left, x: region.rect.x + 1, y: region.rect.y)))
    #expect(commands == [Self.shop(.selectCategory("中華"))])
    #expect(driver.state.focusIndex == chip)
    driver.send(.mouse(MouseEvent(kind: .scrollDown, button: .none, x: 5, y: 5)))
    #expect(driver.focused.kind == .card)
    driver.send(.mouse(MouseEvent(kind: .press, button: .left, x: 0, y: 29)))  // status bar: nothing
    #expect(driver.focused.kind == .card)
  }

  @Test("resize changes the frame size; focus is clamped when the screen shrinks")
  func resizeAndClamp() throws {
    var driver = try Driver()
    driver.send(.resize(Size(width: 60, height: 20)))
    #expect(driver.state.size == Size(width: 60, height: 20))
    driver.press(.end)
    driver.fixture.shop(.setPhase(.loading))
    driver.press(.down)
    #expect(driver.state.focusIndex == 0)
    #expect(driver.focused.kind == .textField)
  }

  @Test("the pure reduce leaves its input unchanged")
  func pureReduce() throws {
    let driver = try Driver()
    let (next, commands) = TUIState.reduce(driver.state, .key(KeyEvent(.tab)), in: driver.context)
    #expect(next.selectedTab == 1)
    #expect(driver.state.selectedTab == 0)
    #expect(commands == [])
  }
}

extension ViewNode {
  /// The first text field, for tests.
  var firstTextField: TextFieldNode<Action>? {
    switch self {
    case .textField(let field): field
    case .stack(let children), .section(_, let children): children.lazy.compactMap(\.firstTextField).first
    default: nil
    }
  }
}

@Suite("Overlay focus")
struct OverlayFocusTests {
  @Test("a newly shown overlay takes the focus on its first element; closing it restores the screen's focus")
  func overlayTakesAndReturnsFocus() {
    var state = TUIState(size: Size(width: 80, height: 24))
    state.focus[0] = 7
    state.noteOverlay(nil)
    #expect(state.focusIndex == 7)
    state.noteOverlay("Edit profile")
    #expect(state.focusIndex == 0)
    state.focus[0] = 2
    state.noteOverlay("Edit profile")  // the same overlay, redrawn: the focus stays
    #expect(state.focusIndex == 2)
    state.noteOverlay("Confirm")  // replaced by another overlay: its first element, same screen below
    #expect(state.focusIndex == 0)
    state.noteOverlay(nil)
    #expect(state.focusIndex == 7 && state.overlay == nil)
  }
}
