import Core
import FeatureAssembly
import FeatureKit
import Presentation
import Terminal
import Testing

@testable import TUI

/// A route opened from another feature: the TUI switches to the owner's tab and opens its screen; Esc closes it and
/// comes back to where the user was. In the serialized app-loop suite.
extension TUIAppTests {
  @Test(
    "a button asking for another feature's route opens it on the owner's tab; Esc comes back", .timeLimit(.minutes(1)))
  func routeOpensTheOwnersScreenAndEscComesBack() async throws {
    let app = try FeatureRegistry([RouteAsker.module().erased, RouteOwner.module().erased]).assemble()
    let pty = try PseudoTerminal()
    let reports = FrameReports()
    let options = TUIOptions(
      color: false, mouse: false, launchApp: false, input: pty.terminal, output: pty.terminal,
      term: "xterm-256color", activity: { 0 }, onFrame: reports.record)
    let run = Task { await TUIApp.run(app: app, options: options) }
    #expect(await reports.next { _ in true }.tab == "Asker")

    pty.type("\r")  // the focused button: "Show 7 in Owner"
    #expect(await reports.next { $0.tab == "Owner" }.tab == "Owner")
    #expect(pty.read(until: "Shown: 7"))
    #expect(app.store.state["owner", as: RouteOwner.State.self]?.shown == 7)

    let mark = pty.text().utf8.count
    pty.type("\u{1B}")
    #expect(await reports.next { $0.tab == "Asker" }.tab == "Asker")
    #expect(pty.read(until: "Show 7 in Owner", from: mark))
    #expect(app.store.state["owner", as: RouteOwner.State.self]?.shown == nil)  // closed by the route's close

    pty.type("q")
    #expect(await run.value == 0)
  }

  @Test("a route nobody declares is refused in the status line, and the tab stays", .timeLimit(.minutes(1)))
  func unknownRouteIsRefused() async throws {
    let app = try FeatureRegistry([RouteAsker.module(asking: "nobody").erased]).assemble()
    let pty = try PseudoTerminal()
    let reports = FrameReports()
    let options = TUIOptions(
      color: false, mouse: false, launchApp: false, input: pty.terminal, output: pty.terminal,
      term: "xterm-256color", activity: { 0 }, onFrame: reports.record)
    let run = Task { await TUIApp.run(app: app, options: options) }
    #expect(await reports.next { _ in true }.tab == "Asker")
    pty.type("\r")
    #expect(pty.read(until: "no route 'nobody"))  // the status line may cut the rest
    pty.type("q")
    #expect(await run.value == 0)
  }
}

/// A tab whose one button asks for `<owner>/show/7`.
enum RouteAsker {
  enum Action: Equatable, Codable, Sendable { case ask }

  static func module(asking owner: String = "owner") -> FeatureModule<Int, Action> {
    FeatureModule(
      key: "asker", title: "Asker", initialState: 0, reducer: Reducer { _, _ in },
      present: { _ in .button(label: "Show 7 in \(owner == "owner" ? "Owner" : owner)", action: .ask) }
    )
    .requesting { _ in Route(owner, "show", .int(7)) }
  }
}

/// A tab declaring `owner/show/<n>`: opens an overlay showing n, closed by the route's close (or its own dismiss).
enum RouteOwner {
  struct State: Equatable, Codable, Sendable { var shown: Int? }
  enum Action: Equatable, Codable, Sendable { case show(Int), hide }

  static func module() -> FeatureModule<State, Action> {
    FeatureModule(
      key: "owner", title: "Owner", initialState: State(),
      reducer: Reducer { state, action in
        switch action {
        case .show(let n): state.shown = n
        case .hide: state.shown = nil
        }
      },
      present: { state in
        guard let shown = state.shown else { return .text("Nothing shown") }
        return .overlay(
          OverlayNode(
            title: "Shown", content: .text("Shown: \(shown)"),
            buttons: [OverlayButton(label: "Close", action: .hide, isDefault: true)], dismiss: .hide))
      }
    )
    .declaring(routes: [
      FeatureRoute(
        "show", parameters: [.int("n", in: 1...9, sample: 7)], abstract: "Show a number",
        open: { [.show($0.int("n"))] }, close: { _ in [.hide] }, command: { _ in [] })
    ])
  }
}
