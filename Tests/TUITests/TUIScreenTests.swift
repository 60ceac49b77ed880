import CoreTesting
import FeatureKit
import Presentation
import Terminal
import Testing

@testable import TUI

/// Layout invariants of whole frames: widths, clipping, sanitising, styles, status bar.
@Suite("Screen layout")
struct TUIScreenTests {
  /// Checks the buffer's wide-character invariant and that no cell holds a control character.
  func expectSane(_ buffer: Buffer, sourceLocation: SourceLocation = #_sourceLocation) {
    for y in 0..<buffer.height {
      for x in 0..<buffer.width {
        let cell = buffer[x, y]
        if cell.width == 2 {
          #expect(x + 1 < buffer.width && buffer[x + 1, y].isContinuation, sourceLocation: sourceLocation)
        }
        if cell.isContinuation { #expect(x > 0 && buffer[x - 1, y].width == 2, sourceLocation: sourceLocation) }
        for scalar in cell.character.unicodeScalars {
          #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value), sourceLocation: sourceLocation)
        }
      }
    }
  }

  func frame(_ node: ViewNode<String>, size: Size = Size(width: 40, height: 12), focus: Int = 0) -> TUIFrame {
    var state = TUIState(size: size)
    state.focus[0] = focus
    state.followsFocus = [0]
    return TUIScreen.render(state: state, tabs: ["One"], content: node, theme: .monochrome)
  }

  @Test("text from the API is inert: escape sequences and C1 controls never reach a cell or the output bytes")
  func hostileText() {
    let hostile = "evil\u{1B}]52;c;SGVsbG8=\u{07}title\u{1B}[2J\u{9B}31m\r\n"
    let node = ViewNode<String>.stack([
      .text(hostile), .spans([TextSpan(hostile, .highlight)]), .section(title: hostile, children: []),
      .list(ListNode(items: [ListItem(id: "1", title: hostile, subtitle: hostile, detail: hostile)])),
      .chips([Chip(label: hostile, isSelected: true, action: "c")]),
      .error(message: hostile, retry: "retry"),
    ])
    let rendered = frame(node, size: Size(width: 60, height: 30))
    expectSane(rendered.buffer)
    #expect(rendered.buffer.text.contains("evil^[]52;c;SGVsbG8=^Gtitle^[[2J"))
    var renderer = Renderer()
    let bytes = renderer.render(rendered.buffer)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.contains("\u{1B}]"))
    #expect(!text.contains("\u{07}"))
    #expect(!text.contains("\u{9B}"))
    #expect(!text.contains("\u{1B}[2J\u{1B}") || text.hasPrefix("\u{1B}[?2026h\u{1B}[0m\u{1B}[2J"))
  }

  @Test("wide characters are never split at a clip edge, whatever the width", arguments: 20...44)
  func wideCharactersAtEdges(width: Int) {
    let cards = (0..<6).map { Card<String>(id: "\($0)", title: "寿司と天ぷらの盛り合わせ", lines: ["日本語の説明文です"], rating: 4.5) }
    let node = ViewNode<String>.stack([
      .collection(CollectionNode(title: "おすすめ", layout: .carousel, cards: cards)),
      .collection(CollectionNode(title: "", layout: .grid(columns: 3), cards: cards)),
      .chips(["和食", "洋食", "中華料理", "エスニック"].map { Chip(label: $0, isSelected: false, action: $0) }),
      .text("全角文字だけの長い段落は空白なしで折り返されます。"),
      .table(TableNode(columns: ["料理", "時間"], rows: [["親子丼と味噌汁", "三十分"]])),
    ])
    for focus in [0, 3, 5] {
      let rendered = frame(node, size: Size(width: width, height: 24), focus: focus)
      expectSane(rendered.buffer)
      for row in rendered.buffer.text.split(separator: "\n") { #expect(displayWidth(of: row) <= width) }
    }
  }

  @Test("hostile random text never breaks the invariants", arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func fuzz(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let strings = (0..<8).map { _ in String.hostile(length: 40, using: &generator) }
    let node = ViewNode<String>.stack([
      .text(strings[0]), .spans([TextSpan(strings[1], .highlight)]),
      .list(
        ListNode(
          items: strings.map {
            ListItem(id: $0, title: $0, subtitle: $0, accessory: ListAccessory(label: $0, isOn: true, action: "a"))
          })),
      .collection(
        CollectionNode(
          title: strings[2], layout: .carousel, cards: strings.map { Card(id: $0, title: $0, lines: [$0]) })),
      .fields([Field(strings[3], strings[4])]),
      .textField(TextFieldNode(id: "f", label: strings[5], text: strings[6], placeholder: "") { $0 }),
      .overlay(
        OverlayNode(
          title: strings[7], content: .text(strings[0]), buttons: [OverlayButton(label: strings[1], action: "b")],
          dismiss: nil)),
    ])
    for size in [Size(width: 23, height: 9), Size(width: 61, height: 20)] {
      var state = TUIState(size: size)
      state.editing = TextEditing(fieldID: "f", text: strings[6])
      state.devTools.isVisible = true
      expectSane(TUIScreen.render(state: state, tabs: [strings[2]], content: node, theme: .monochrome).buffer)
    }
  }

  @Test(
    "the renderer numbers focusable elements exactly as the collector does",
    arguments: [ShopFeature.Phase.loading, .error, .content, .empty])
  func focusOrder(phase: ShopFeature.Phase) {
    var state = ShopFeature.State()
    state.phase = phase
    for onboarding in [false, true] {
      state.showOnboarding = onboarding
      let view = ShopFeature.present(state)
      var renderer = ContentRenderer<ShopFeature.Action>(
        width: 80, theme: .color, focused: nil, editing: nil, spinnerFrame: 0)
      if let overlay = view.firstOverlay {
        renderer.render(overlay.content)
        renderer.renderButtonRow(overlay.buttons.map { ($0.label, $0.isEnabled) })
      } else {
        renderer.render(view)
      }
      #expect(renderer.nextFocus == FocusCollector.focusables(in: view).count)
    }
  }

  @Test("focused elements are reversed, the selected chip too; monochrome uses no colour")
  func styles() {
    let node = ViewNode<String>.stack([
      .button(label: "OK", action: "ok"),
      .chips([Chip(label: "A", isSelected: true, action: "a"), Chip(label: "B", isSelected: false, action: "b")]),
    ])
    let buffer = frame(node, focus: 0).buffer
    #expect(buffer.text.split(separator: "\n")[2] == " < OK >")
    #expect(buffer[1, 2].style.attributes.contains(.reverse))
    #expect(buffer[1, 3].character == "[")
    #expect(buffer[1, 3].style.attributes.contains(.reverse))  // selected chip
    #expect(!buffer[5, 3].style.attributes.contains(.reverse))  // the other chip
    for y in 0..<buffer.height {
      for x in 0..<buffer.width {
        #expect(buffer[x, y].style.foreground == nil && buffer[x, y].style.background == nil)
      }
    }
    var state = TUIState(size: Size(width: 40, height: 12))
    state.lastError = "boom"
    let colored = TUIScreen.render(state: state, tabs: ["One"], content: ViewNode<String>.text("x"), theme: .color)
      .buffer
    #expect(colored[8, 11].style.foreground == .red)
  }

  @Test("status bar: activity spinner, last error, time-travel notice and key hints")
  func statusBar() {
    var state = TUIState(size: Size(width: 100, height: 10))
    state.activity = 2
    state.spinnerFrame = 1
    state.lastError = "Could not reach the API"
    var rows = TUIScreen.render(state: state, tabs: ["A"], content: ViewNode<String>.text("x")).buffer.text
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows.count == 10)
    #expect(rows[9].hasPrefix(" / loading  Error: Could not reach the API   "))
    // One tab and no search field: no Tab, no `/:search`.
    #expect(rows[9].hasSuffix(" r:refresh d:devtools ?:help q:quit"))
    state.activity = 0
    state.devTools.position = 4
    rows = TUIScreen.render(state: state, tabs: ["A"], content: ViewNode<String>.text("x")).buffer.text
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows[9].hasPrefix(" ready  TIME TRAVEL at #5 - G resumes"))
  }

  /// Issue 35: a 5xx was shown as `offline`; the status bar says the word it is given, `server error` for a 5xx.
  @Test("status bar: offline or server error in place of ready, in yellow")
  func statusBarSaysWhyTheAPIDoesNotAnswer() {
    var state = TUIState(size: Size(width: 100, height: 10))
    for word in ["offline", "server error"] {
      state.offline = word
      let buffer = TUIScreen.render(state: state, tabs: ["A"], content: ViewNode<String>.text("x"), theme: .color)
        .buffer
      let row = buffer.text.split(separator: "\n", omittingEmptySubsequences: false)[9]
      #expect(row.hasPrefix(" \(word)  "), "\(row)")
      #expect(buffer[1, 9].style.foreground == .yellow)
    }
    state.offline = nil
    let row = TUIScreen.render(state: state, tabs: ["A"], content: ViewNode<String>.text("x")).buffer.text
      .split(separator: "\n", omittingEmptySubsequences: false)[9]
    #expect(row.hasPrefix(" ready  "))
  }

  /// The export's file name and "- your change was undone" were cut to make room for the key hints (issue 35, item 6).
  @Test("messages outrank hints: a message or a toast is cut only where the bar ends; an error keeps its consequence")
  func messagesOutrankHints() {
    func statusBar(_ state: TUIState, toast: String? = nil) -> String {
      let content: ViewNode<String> = toast.map { .stack([.text("x"), .toast(ToastNode(text: $0))]) } ?? .text("x")
      let text = TUIScreen.render(state: state, tabs: ["A"], content: content).buffer.text
      return String(text.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
    }
    var state = TUIState(size: Size(width: 100, height: 10))
    let export = "Exported 42 actions to /home/hanako/kumiki-actions-20261129-021500.jsonl"
    state.message = export
    #expect(statusBar(state).contains(export), "\(statusBar(state))")
    state.message = nil
    let undone =
      "The server refused a change that waited to send (PATCH /notes/3, 422: title too long) - "
      + "your change was undone."
    state.message = undone
    let bar = statusBar(state)
    #expect(bar.contains("The server refused a change") && !bar.contains("q:quit"), "\(bar)")
    state.size = Size(width: 140, height: 10)
    #expect(statusBar(state).contains(undone), "\(statusBar(state))")
    state.message = nil
    state.lastError = "The server refused the change (HTTP 422). Nickname is too long - your change was undone"
    #expect(statusBar(state).contains("Error: The server refused the change (HTTP 422). - your change was undone"))
    state.size = Size(width: 80, height: 10)  // an error shares the bar with the hints, keeping its consequence
    #expect(statusBar(state).contains("... - your change was undone") && statusBar(state).hasSuffix("q:quit"))
    state.lastError = nil
    state.size = Size(width: 140, height: 10)
    let toast = "Removed \"Katsu curry with a very long name indeed\" from your saved items"
    #expect(statusBar(state, toast: toast).contains(toast), "\(statusBar(state, toast: toast))")
    state.size = Size(width: 100, height: 10)
    #expect(statusBar(state).hasSuffix(" r:refresh d:devtools ?:help q:quit"))  // with nothing to say: the hints
  }

  /// The validation message appearing and going made the Send button jump while typing (issue 26, item 12).
  @Test("in a dialog, a field's message line is kept: the buttons stay on their row with or without a message")
  func dialogButtonsDoNotJump() {
    func saveRow(message: String?) -> Int? {
      let form = ViewNode<String>.overlay(
        OverlayNode(
          title: "Edit",
          content: .textField(
            TextFieldNode(id: "name", label: "Name", text: "", placeholder: "", message: message, change: { $0 })),
          buttons: [OverlayButton(label: "Save", action: "save", isDefault: true)], dismiss: "cancel"))
      let rows = frame(form, size: Size(width: 60, height: 20)).buffer.text.split(separator: "\n")
      return rows.firstIndex { $0.contains("Save ") }
    }
    #expect(saveRow(message: nil) != nil)
    #expect(saveRow(message: nil) == saveRow(message: "Name is required"))
  }

  @Test("thirty tabs: the selected one is always in the bar, with < and > where more lie beyond")
  func manyTabs() {
    let tabs = (1...30).map { "Feature \($0)" }
    func bar(_ selected: Int) -> String {
      var state = TUIState(size: Size(width: 60, height: 10))
      state.selectedTab = selected
      let text = TUIScreen.render(state: state, tabs: tabs, content: ViewNode<String>.text("x")).buffer.text
      return String(text.split(separator: "\n")[0])
    }
    #expect(bar(0).hasPrefix(" 1 Feature 1 ") && bar(0).hasSuffix(">") && !bar(0).hasPrefix("<"))
    for selected in [8, 9, 15, 29] {
      #expect(bar(selected).contains("Feature \(selected + 1)"), "tab \(selected + 1): \(bar(selected))")
      #expect(bar(selected).hasPrefix("<"))
    }
    #expect(bar(15).hasSuffix(">") && !bar(29).hasSuffix(">"))
  }

  /// libcurl's words in the status bar (issue 26): its first sentence there, the whole message on the screen.
  @Test("the status bar shows an error's first sentence: the plain reason, not the HTTP library's detail")
  func errorSentence() {
    var state = TUIState(size: Size(width: 120, height: 10))
    state.lastError =
      "Could not connect to 127.0.0.1:4321: nothing answers there. Check the network connection and that the server "
      + "is running. Detail: Failed to connect to 127.0.0.1 port 4321 after 0 ms: Couldn't connect to server"
    let status =
      TUIScreen.render(state: state, tabs: ["A"], content: ViewNode<String>.text("x")).buffer.text
      .split(separator: "\n").last ?? ""
    #expect(status.contains("Error: Could not connect to 127.0.0.1:4321: nothing answers there.  "))
    #expect(!status.contains("Detail") && !status.contains("Check"))
    #expect(TUIScreen.firstSentence(of: "No full stop") == "No full stop")
  }

  @Test("the content scrolls to keep the focused element visible, with a scroll position thumb and ^ and v hints")
  func scrolling() {
    let node = ViewNode<String>.list(
      ListNode(items: (1...40).map { ListItem(id: "\($0)", title: "Item \($0)", action: "\($0)") }))
    let top = frame(node, focus: 0)
    #expect(top.scrollOffset == 0)
    let topRows = top.buffer.text.split(separator: "\n")
    #expect(topRows[2].hasPrefix(" > Item 1 ") && topRows[2].hasSuffix("#"))  // the thumb: 9 rows of 40, at the top
    #expect(topRows[3].hasSuffix("#") && !topRows[4].hasSuffix("#"))
    #expect(topRows[10].hasSuffix("v"))
    let bottom = frame(node, focus: 39)
    #expect(bottom.scrollOffset == 40 - 9)
    let rows = bottom.buffer.text.split(separator: "\n")
    #expect(rows[2].hasPrefix("   Item 32") && rows[2].hasSuffix("^"))
    #expect(rows[10].hasPrefix(" > Item 40"))
  }

  @Test("a terminal that is too small gets a notice instead of a broken layout")
  func tooSmall() {
    for size in [Size(width: 0, height: 0), Size(width: 10, height: 3), Size(width: 19, height: 30)] {
      let rendered = frame(.text("x"), size: size)
      #expect(rendered.buffer.text.hasPrefix("Terminal too small".truncated(toWidth: size.width)))
    }
  }

  @Test(
    "ratings are ASCII: [****.] 4.2",
    arguments: [
      (4.2, "[****.] 4.2"), (0, "[.....] 0.0"), (5, "[*****] 5.0"), (4.96, "[*****] 5.0"), (-3, "[.....] 0.0"),
      (9, "[*****] 5.0"), (.nan, "[.....] -"), (.infinity, "[.....] -"),
    ])
  func rating(value: Double, expected: String) {
    #expect(ContentRenderer<String>.ratingText(value) == expected)
  }

  @Test("the edited field shows the cursor at its display column, scrolling long text")
  func cursor() {
    func field(_ text: String) -> ViewNode<String> {
      .textField(TextFieldNode(id: "q", label: "Q", text: text, placeholder: "", change: { $0 }))
    }
    var state = TUIState(size: Size(width: 30, height: 8))
    state.editing = TextEditing(fieldID: "q", text: "日本語")
    var rendered = TUIScreen.render(state: state, tabs: ["A"], content: field("日本語"), theme: .monochrome)
    #expect(rendered.buffer.text.split(separator: "\n")[2] == " Q: <日本語" + String(repeating: " ", count: 17) + ">")
    #expect(rendered.cursor == Point(x: 5 + 6, y: 2))
    let long = String(repeating: "長", count: 30)
    state.editing = TextEditing(fieldID: "q", text: long)
    rendered = TUIScreen.render(state: state, tabs: ["A"], content: field(long), theme: .monochrome)
    let cursor = rendered.cursor
    #expect(cursor.map { $0.x < 28 && $0.x > 20 } == true)
    expectSane(rendered.buffer)
  }

  @Test("a validation message shows under its field; disabled controls are dimmed, never bold, and keep their place")
  func formControls() {
    let form = ViewNode<String>.stack([
      .textField(
        TextFieldNode(
          id: "name", label: "Name", text: "", placeholder: "", message: "Name is required", change: { $0 })),
      .textField(
        TextFieldNode(id: "bio", label: "Bio", text: "hi", placeholder: "", hint: "At most 200", change: { $0 })),
      .button(label: "Save", action: "save", isEnabled: false),
      .button(label: "Cancel", action: "cancel"),
    ])
    for theme in [TUITheme.color, .monochrome] {
      let rendered = TUIScreen.render(
        state: TUIState(size: Size(width: 40, height: 12)), tabs: ["A"], content: form, theme: theme)
      let lines = rendered.buffer.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      #expect(lines[3].contains("! Name is required"))
      #expect(lines[5].contains("At most 200"))
      #expect(lines[6].contains("[ Save ]") && lines[7].contains("[ Cancel ]"))
      let save = rendered.buffer[lines[6].firstIndexOfDisplay("[ Save ]"), 6].style
      let cancel = rendered.buffer[lines[7].firstIndexOfDisplay("[ Cancel ]"), 7].style
      #expect(save.attributes.contains(.dim) && !save.attributes.contains(.bold))
      #expect(cancel.attributes.contains(.bold) && !cancel.attributes.contains(.dim))
      let message = rendered.buffer[lines[3].firstIndexOfDisplay("!"), 3].style
      #expect(message.attributes.contains(.bold))
      #expect(message.foreground == (theme.usesColor ? Color.red : nil))
    }
  }
}

extension String {
  /// The display column where `needle` starts (ASCII-only text before it in these tests).
  fileprivate func firstIndexOfDisplay(_ needle: String) -> Int {
    guard let range = range(of: needle) else { return -1 }
    return distance(from: startIndex, to: range.lowerBound)
  }
}

extension String {
  /// Random text biased to controls, escapes, combining marks, emoji and CJK.
  static func hostile(length: Int, using generator: inout SplitMix64) -> String {
    let interesting: [UInt32] = [
      0x1B, 0x5B, 0x5D, 0x07, 0x0A, 0x0D, 0x09, 0x00, 0x7F, 0x9B, 0x9D, 0x301, 0x200D, 0xFE0F, 0xFE0E, 0x1F34A,
      0x1F1EF, 0x1F1F5, 0x1F44D, 0x1F3FD, 0x2764, 0x65E5, 0xAC00, 0x41, 0x20, 0x200B, 0x2605,
    ]
    var scalars = String.UnicodeScalarView()
    for _ in 0..<length {
      if Bool.random(using: &generator) {
        scalars.append(Unicode.Scalar(interesting.randomElement(using: &generator)!)!)
      } else if let scalar = Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &generator)) {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }
}
