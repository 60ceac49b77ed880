import FeatureKit
import Terminal
import Testing

@testable import TUI

/// Budgets from the issue that do not need a release build: bytes on the wire per interaction.
@Suite("Frame budgets")
struct FrameBudgetTests {
  @Test("toggling one heart writes at most 40 bytes")
  func heartToggleBytes() throws {
    let fixture = try TestApp()
    var state = TUIState(size: Size(width: 100, height: 30))
    let focusables = FocusCollector.focusables(in: try #require(fixture.app.view(slot: 0)))
    let save = focusables.firstIndex(where: { $0.kind == .accessory && $0.label == "Save" })
    state.focus[0] = try #require(save)
    var renderer = Renderer()
    _ = renderer.render(TUIApp.frame(app: fixture.app, state: state, theme: .color).buffer)
    let commands = state.handle(.key(KeyEvent(.enter)), in: TUIContext(tabCount: 2, view: fixture.app.view(slot: 0)))
    for case .dispatch(let action) in commands { fixture.app.store.dispatch(action) }
    #expect(fixture.shopState.saved.contains("r1"))
    let bytes = renderer.render(TUIApp.frame(app: fixture.app, state: state, theme: .color).buffer)
    #expect(!bytes.isEmpty)
    #expect(bytes.count <= 40, "\(bytes.count) bytes: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
  }
}
