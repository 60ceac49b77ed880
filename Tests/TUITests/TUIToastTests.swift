import FeatureKit
import Foundation
import Presentation
import TUITesting
import Terminal
import Testing

@testable import TUI

/// A feature's toast in the TUI: the status bar shows it (with "u to undo" when it has an undo), `u` sends its undo
/// and is in the hints and the help only while one applies, and a focused text field keeps `u` as text.
@Suite("Toasts")
struct TUIToastTests {
  func pantry() throws -> TUIStateTests.Driver {
    try TUIStateTests.Driver(try TestApp(features: [PantryFeature.module().erased]), size: Size(width: 80, height: 12))
  }

  /// Space on the first row's `[x]`: the first item goes.
  func removeFirst(_ driver: inout TUIStateTests.Driver) throws {
    driver.state.focus[0] = try #require(driver.focusables.firstIndex { $0.kind == .accessory })
    driver.press(.character(" "))
  }

  var pantryState: (TestApp) -> PantryFeature.State { { $0.app.store.state["pantry", as: PantryFeature.State.self]! } }

  func statusBar(_ driver: TUIStateTests.Driver) -> String {
    let frame = TUIApp.frame(app: driver.fixture.app, state: driver.state, theme: .monochrome)
    return frame.buffer.text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
  }

  @Test("removing shows the toast with its undo; u puts the item back; then u does nothing")
  func undoFromTheStatusBar() throws {
    var driver = try pantry()
    #expect(!statusBar(driver).contains("u:undo"))
    #expect(driver.press(.character("u")).isEmpty)  // no toast: u does nothing

    try removeFirst(&driver)
    #expect(pantryState(driver.fixture).items == ["昆布", "鰹節"])
    let bar = statusBar(driver)
    #expect(bar.contains("Removed \"味噌\" - u to undo"))
    #expect(bar.contains("u:undo"))

    let commands = driver.press(.character("u"))
    #expect(commands == [.dispatch(.feature(slot: 0, action: PantryFeature.Action.restore("味噌", at: 0)))])
    #expect(pantryState(driver.fixture).items == ["味噌", "昆布", "鰹節"])
    #expect(statusBar(driver).contains("Saved \"味噌\""))
    #expect(!statusBar(driver).contains("u:undo") && !statusBar(driver).contains("to undo"))
    #expect(driver.press(.character("u")).isEmpty)
  }

  @Test("with the focus on a text field, u is not undo: no hint, nothing sent")
  func textFieldKeepsU() throws {
    var driver = try pantry()
    try removeFirst(&driver)
    let field = try #require(driver.focusables.firstIndex { $0.kind == .textField })
    driver.state.focus[0] = field
    #expect(!statusBar(driver).contains("u:undo"))
    #expect(!statusBar(driver).contains("to undo"))
    #expect(driver.press(.character("u")).isEmpty)
    #expect(pantryState(driver.fixture).items == ["昆布", "鰹節"])
  }

  @Test("the binding applies only while a toast offers an undo")
  func binding() {
    func keys(_ situation: KeySituation) -> [String] { KeyBinding.active(in: situation).map(\.keys) }
    let plain = KeySituation(mode: .screen, kinds: [.accessory], focused: .accessory)
    #expect(!keys(plain).contains("u"))
    let undoable = KeySituation(mode: .screen, kinds: [.accessory], focused: .accessory, undoable: true)
    #expect(keys(undoable).contains("u"))
    #expect(KeyBinding.hints(in: undoable, width: 200) == "r:refresh u:undo d:devtools ?:help q:quit")
    let dialog = KeySituation(mode: .dialog, kinds: [.overlayButton], focused: .overlayButton, undoable: true)
    #expect(keys(dialog).contains("u"))
    let field = KeySituation(mode: .screen, kinds: [.textField], focused: .textField, undoable: true)
    #expect(!keys(field).contains("u"))
    let editing = KeySituation(mode: .editing, kinds: [.textField], focused: .textField, undoable: true)
    #expect(!keys(editing).contains("u"))
  }

  @Test("golden frames: the toast with its undo in the status bar, and the help listing u")
  func frames() throws {
    var driver = try pantry()
    try removeFirst(&driver)
    for size in GoldenFrameTests.sizes {
      var state = driver.state
      state.size = size
      let frame = TUIApp.frame(app: driver.fixture.app, state: state, theme: .monochrome).buffer.text
      assertSnapshot(frame, named: "pantry-toast-\(size.width)x\(size.height)")
      state.isHelpVisible = true
      let help = TUIApp.frame(app: driver.fixture.app, state: state, theme: .monochrome).buffer.text
      assertSnapshot(help, named: "pantry-toast-help-\(size.width)x\(size.height)")
    }
  }
}
