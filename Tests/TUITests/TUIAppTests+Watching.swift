import Core
import FeatureAssembly
import FeatureKit
import Presentation
import Synchronization
import Terminal
import Testing

@testable import TUI

/// What the real loop presents and when it wakes: each screen on view once per frame, hidden tabs never. In the
/// serialized app-loop suite (one terminal session per process).
extension TUIAppTests {
  // The renderer writes only the cells that changed, so the checks on the terminal's output look for what a frame
  // really rewrites ("one" when "Alpha=zero" becomes "Alpha=one").

  @Test("each frame presents the selected tab and the overlay once, and never a hidden tab", .timeLimit(.minutes(1)))
  func onePresentPerScreenOnViewPerFrame() async throws {
    let fixture = try CountingApp()
    let pty = try PseudoTerminal()
    let reports = FrameReports()
    let run = fixture.run(on: pty, reports: reports)

    #expect(await reports.next { _ in true }.number == 1)
    #expect(pty.read(until: "Alpha=zero"))
    #expect(fixture.presents.counts == ["alpha": 1, "hint": 1])

    var mark = pty.output.count
    pty.type("?")  // input: the help opens
    #expect(await reports.next { _ in true }.number == 2)
    #expect(pty.read(until: "closes", from: mark))
    #expect(fixture.presents.counts == ["alpha": 2, "hint": 2])

    pty.type("?")
    #expect(await reports.next { _ in true }.number == 3)
    mark = pty.output.count
    fixture.send(.increment, to: "alpha")  // a store change of the tab on view
    #expect(await reports.next { _ in true }.number == 4)
    #expect(pty.read(until: "one", from: mark))
    #expect(fixture.presents.counts == ["alpha": 4, "hint": 4])

    mark = pty.output.count
    pty.type("2")  // another tab: presented from now on, the first one no more
    let switched = await reports.next { _ in true }
    #expect(switched.number == 5 && switched.tab == "Beta")
    #expect(pty.read(until: "Beta=zero", from: mark))
    #expect(fixture.presents.counts == ["alpha": 4, "beta": 1, "hint": 5])

    // The overlay shows itself (modal: the tab keys no longer reach the tabs under it).
    mark = pty.output.count
    fixture.send(.increment, to: "hint")
    #expect(await reports.next { _ in true }.number == 6)
    #expect(pty.read(until: "Hint=one", from: mark))
    #expect(fixture.presents.counts == ["alpha": 4, "beta": 2, "hint": 6])

    pty.type("\u{03}")  // Ctrl-C: q would close the overlay first
    #expect(await run.value == 0)
  }

  @Test(
    "an action of a hidden tab's feature costs no present and no frame; app-wide events and DevTools still wake the loop",
    .timeLimit(.minutes(1)))
  func hiddenTabsDoNotWakeTheLoop() async throws {
    let fixture = try CountingApp()
    let pty = try PseudoTerminal()
    let reports = FrameReports()
    let run = fixture.run(on: pty, reports: reports)
    #expect(await reports.next { _ in true }.number == 1)
    #expect(pty.read(until: "Alpha=zero"))

    // Had any of these woken the loop, its frame would come before the one the key below causes: the store calls
    // its subscribers inside `dispatch`, before the key is even typed.
    for _ in 0..<3 { fixture.send(.increment, to: "beta") }
    pty.type("3")
    let gamma = await reports.next { _ in true }
    #expect(gamma.number == 2 && gamma.tab == "Gamma")
    #expect(fixture.presents.counts == ["alpha": 1, "gamma": 1, "hint": 2])

    // After the switch the loop watches Gamma's partition, and Alpha's no more.
    fixture.send(.increment, to: "alpha")
    var mark = pty.output.count
    fixture.send(.increment, to: "gamma")
    #expect(await reports.next { _ in true }.number == 3)
    #expect(pty.read(until: "one", from: mark))
    #expect(fixture.presents.counts == ["alpha": 1, "gamma": 2, "hint": 3])

    // An app-wide event reaches every feature that accepts it; the loop wakes for the one on view.
    mark = pty.output.count
    fixture.app.send(.refreshAll)
    #expect(await reports.next { _ in true }.number == 4)
    #expect(pty.read(until: "two", from: mark))
    #expect(fixture.count("beta") == 4)
    #expect(fixture.presents.counts == ["alpha": 1, "gamma": 3, "hint": 4])

    // The open DevTools panel lists every action, so then a hidden tab's action does wake the loop…
    pty.type("d")
    #expect(await reports.next { _ in true }.number == 5)
    fixture.send(.increment, to: "beta")
    #expect(await reports.next { _ in true }.number == 6)
    // …and once the panel is closed, no more.
    pty.type("d")
    #expect(await reports.next { _ in true }.number == 7)
    fixture.send(.increment, to: "beta")
    pty.type("?")
    #expect(await reports.next { _ in true }.number == 8)
    #expect(fixture.count("beta") == 6)
    #expect(fixture.presents.counts == ["alpha": 1, "gamma": 7, "hint": 8])

    pty.type("\u{03}")  // Ctrl-C: q would close the help first
    #expect(await run.value == 0)
  }
}

/// Three tabs (Alpha, Beta, Gamma) and an overlay (Hint, shown once incremented), each counting its presents. The
/// tabs take `refreshAll` as an increment; nobody acts on appearing.
struct CountingApp {
  let app: AppRuntime
  let devTools: DevTools
  let presents = PresentCounts()

  init() throws {
    let stamps = DateStamps()
    devTools = DevTools(now: { stamps.next() })
    app = try FeatureRegistry([
      CountedFeature.module(key: "alpha", title: "Alpha", presents: presents).erased,
      CountedFeature.module(key: "beta", title: "Beta", presents: presents).erased,
      CountedFeature.module(key: "gamma", title: "Gamma", presents: presents).erased,
      CountedFeature.module(key: "hint", title: "Hint", placement: .overlay, presents: presents).erased,
    ]).assemble(middlewares: [devTools.middleware])
  }

  /// Runs the loop on `pty` (no colour, no mouse, nothing in flight), reporting frames to `reports`.
  func run(on pty: PseudoTerminal, reports: FrameReports) -> Task<Int32, Never> {
    let options = TUIOptions(
      color: false, mouse: false, devTools: devTools, launchApp: false, input: pty.terminal, output: pty.terminal,
      term: "xterm-256color", activity: { 0 }, onFrame: reports.record)
    let app = app
    return Task { await TUIApp.run(app: app, options: options) }
  }

  func send(_ action: CountedFeature.Action, to key: String) {
    let slot = app.features.first { $0.key == key }!.slot
    app.store.dispatch(.feature(slot: slot, action: action))
  }

  func count(_ key: String) -> Int? { app.store.state[key, as: CountedFeature.State.self]?.count }
}

/// A feature whose screen shows `<title>=<count in words>` and records each present; a tab with an Add button, or
/// an overlay shown while the count is above zero.
enum CountedFeature {
  struct State: Equatable, Codable, Sendable {
    var count = 0
  }

  enum Action: Equatable, Codable, Sendable {
    case increment
  }

  static let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]

  static func module(
    key: String, title: String, placement: FeaturePlacement = .tab, presents: PresentCounts
  ) -> FeatureModule<State, Action> {
    FeatureModule(
      key: key,
      title: title,
      initialState: State(),
      reducer: Reducer { state, _ in state.count += 1 },
      present: { state in
        presents.record(key)
        let text = ViewNode<Action>.text("\(title)=\(words[min(state.count, words.count - 1)])")
        guard placement == .overlay else { return .stack([text, .button(label: "Add", action: .increment)]) }
        return state.count == 0
          ? .stack([]) : .overlay(OverlayNode(title: title, content: text, buttons: [], dismiss: nil))
      },
      placement: placement,
      receive: { placement == .tab && $0 == .refreshAll ? .increment : nil }
    )
  }
}

/// How many times each feature's screen was presented.
final class PresentCounts: Sendable {
  private let storage = Mutex<[String: Int]>([:])

  func record(_ key: String) { storage.withLock { $0[key, default: 0] += 1 } }

  var counts: [String: Int] { storage.withLock { $0 } }
}
