import Presentation
import Terminal
import Testing

@testable import TUI

/// The help and the hints line are generated from the bindings active in the focused screen, field or dialog
/// (issue 26, item 14).
@Suite("Key bindings")
struct KeyBindingTests {
  func keys(_ situation: KeySituation) -> [String] { KeyBinding.active(in: situation).map(\.keys) }

  @Test("no /:search without a search field, no Tab with one tab; q:quit unless a field has the focus")
  func screenHints() {
    let plain = KeySituation(mode: .screen, tabCount: 1, kinds: [.listItem], focused: .listItem)
    #expect(KeyBinding.hints(in: plain, width: 200) == "r:refresh d:devtools ?:help q:quit")
    let search = KeySituation(mode: .screen, tabCount: 3, kinds: [.textField, .chip], focused: .textField)
    #expect(
      KeyBinding.hints(in: search, width: 200) == "Tab:next :go to /:search r:refresh d:devtools ?:help Ctrl-C:quit")
  }

  @Test("while typing: Enter, Esc and Ctrl-C; no q:quit, no screen keys")
  func editingHints() {
    let editing = KeySituation(mode: .editing, tabCount: 3, kinds: [.textField], focused: .textField)
    #expect(KeyBinding.hints(in: editing, width: 200) == "Enter:done Esc:leave Ctrl-C:quit")
    #expect(!keys(editing).contains("/") && !keys(editing).contains("q, Ctrl-C"))
  }

  @Test("a narrow status bar keeps help and quit first")
  func priorities() {
    let plain = KeySituation(mode: .screen, tabCount: 3, kinds: [.textField], focused: .button)
    #expect(KeyBinding.hints(in: plain, width: 16) == "?:help q:quit")
  }

  @Test("the help of a dialog lists its Tab cycling, Enter, Esc and the mouse; a screen's lists what it contains")
  func helpFollowsTheSituation() {
    let dialog = KeySituation(mode: .dialog, tabCount: 3, kinds: [.textField, .overlayButton], dismissible: true)
    #expect(keys(dialog).starts(with: ["Tab, Shift-Tab", "Enter, Space", "Esc, q"]))
    #expect(keys(dialog).contains("mouse click") && !keys(dialog).contains("Tab, Shift-Tab, 1-9"))
    let list = KeySituation(mode: .screen, tabCount: 3, kinds: [.listItem, .accessory, .chip], overflows: true)
    #expect(keys(list).contains("Space on [ ]") && keys(list).contains("Enter on a chip or tab"))
    #expect(keys(list).contains("PgUp PgDn, Ctrl-U Ctrl-D") && keys(list).contains("mouse wheel"))
    let short = KeySituation(mode: .screen, tabCount: 3, kinds: [.button])
    #expect(!keys(short).contains("Space on [ ]") && !keys(short).contains("mouse wheel"))
  }

  /// The outbox list's `r` and `d` say what they do here, the CLI's command named as the same thing done from a
  /// shell, not left as a bare `kumiki outbox retry` that reads as what to type.
  @Test("the outbox list's help says what r and d do, and names the CLI command as doing the same")
  func outboxHelpReadsForTheTUIUser() {
    let list = KeySituation(mode: .outbox, tabCount: 1, kinds: [], outboxActions: true)
    let help = Dictionary(KeyBinding.active(in: list).map { ($0.keys, $0.action) }) { first, _ in first }
    #expect(
      help["r"] == "retry the chosen change: send it again (a conflict: keep yours, sent over theirs), as kumiki "
        + "outbox retry does")
    #expect(
      help["d"] == "discard the chosen change, once you say yes: never sent (a conflict: take theirs), as kumiki "
        + "outbox discard does")
  }
}
