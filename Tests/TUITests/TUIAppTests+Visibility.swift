import Core
import FeatureAssembly
import FeatureKit
import Presentation
import Synchronization
import Terminal
import Testing

@testable import TUI

/// The real loop tells a tab's feature each time its screen is shown (`AppEvent.appear`) and when another tab
/// replaces it (`.disappear`): what a screen that polls pauses and resumes on. In the serialized app-loop suite.
extension TUIAppTests {
  @Test("switching tabs tells the new tab it appeared and the old one it disappeared", .timeLimit(.minutes(1)))
  func switchingTabsTellsAppearAndDisappear() async throws {
    let app = try FeatureRegistry([
      VisibilityFeature.module(key: "alpha", title: "Alpha").erased,
      VisibilityFeature.module(key: "beta", title: "Beta").erased,
    ]).assemble()
    let heard = { (key: String) in app.store.state[key, as: VisibilityFeature.State.self]?.heard ?? [] }
    let pty = try PseudoTerminal()
    let reports = FrameReports()
    let options = TUIOptions(
      color: false, mouse: false, launchApp: false, input: pty.terminal, output: pty.terminal,
      term: "xterm-256color", activity: { 0 }, onFrame: reports.record)
    let run = Task { await TUIApp.run(app: app, options: options) }

    #expect(await reports.next { _ in true }.tab == "Alpha")
    #expect(heard("alpha") == ["appear"])
    #expect(heard("beta") == [])

    pty.type("2")
    #expect(await reports.next { $0.tab == "Beta" }.tab == "Beta")
    #expect(heard("alpha") == ["appear", "disappear"])
    #expect(heard("beta") == ["appear"])

    pty.type("1")
    #expect(await reports.next { $0.tab == "Alpha" }.tab == "Alpha")
    #expect(heard("alpha") == ["appear", "disappear", "appear"])
    #expect(heard("beta") == ["appear", "disappear"])

    pty.type("q")
    #expect(await run.value == 0)
  }

  @Test(
    "the outbox's notices reach the status bar and refresh nothing: unvisited tabs stay unloaded",
    .timeLimit(.minutes(1)))
  func outboxNoticesSendNoEvent() async throws {
    let app = try FeatureRegistry([
      VisibilityFeature.module(key: "alpha", title: "Alpha").erased,
      VisibilityFeature.module(key: "beta", title: "Beta").erased,
    ]).assemble()
    let heard = { (key: String) in app.store.state[key, as: VisibilityFeature.State.self]?.heard ?? [] }
    let (outbox, changes) = AsyncStream<TUIOutbox>.makeStream()
    let pty = try PseudoTerminal()
    let reports = FrameReports()
    let options = TUIOptions(
      color: false, mouse: false, launchApp: false, input: pty.terminal, output: pty.terminal,
      term: "xterm-256color", activity: { 0 }, outbox: outbox, onFrame: reports.record)
    let run = Task { await TUIApp.run(app: app, options: options) }
    #expect(await reports.next { _ in true }.tab == "Alpha")

    // A waiting change refused: the notice shows; the screens reading its data are the query layer's to tell.
    changes.yield(
      TUIOutbox(
        status: nil, lines: ["1  refused  PATCH notes/1  (the server refused it (422))"],
        notices: ["Refused: rolled back"]))
    #expect(pty.read(until: "Refused: rolled back"))
    #expect(heard("alpha") == ["appear"])
    #expect(heard("beta") == [])  // never shown: not loaded, not refreshed

    pty.type("q")
    #expect(await run.value == 0)
  }

  /// Issue 35, item 2: the status bar's marker comes from the outbox's events (each change, here or in another
  /// process), not from a closure read on every tick: it shows when one arrives and goes with the next.
  @Test("the outbox's marker and list follow its stream", .timeLimit(.minutes(1)))
  func outboxMarkerFollowsItsStream() async throws {
    let app = try FeatureRegistry([VisibilityFeature.module(key: "alpha", title: "Alpha").erased]).assemble()
    let (outbox, changes) = AsyncStream<TUIOutbox>.makeStream()
    let pty = try PseudoTerminal()
    let reports = FrameReports()
    let options = TUIOptions(
      color: false, mouse: false, launchApp: false, input: pty.terminal, output: pty.terminal,
      term: "xterm-256color", activity: { 0 }, outbox: outbox, onFrame: reports.record)
    let run = Task { await TUIApp.run(app: app, options: options) }
    #expect(await reports.next { _ in true }.tab == "Alpha")

    changes.yield(
      TUIOutbox(status: "1 change waiting to send", lines: ["1  pending  PATCH notes/1  (cannot connect)"]))
    #expect(pty.read(until: "1 change waiting to send"))
    pty.type("o")
    #expect(pty.read(until: "PATCH notes/1"))
    pty.type("o")
    changes.yield(TUIOutbox(status: "1 outcome unknown", lines: []))
    #expect(pty.read(until: "outcome unknown"))

    pty.type("q")
    #expect(await run.value == 0)
  }

  /// Issue 36, item 2: the list's `r` and `d` (once confirmed) reach the app's own resolution with the chosen
  /// change; its answer shows in the status bar, and the list follows the outbox's next event.
  @Test("the outbox list's r and d run the app's resolution and show its answer", .timeLimit(.minutes(1)))
  func outboxChoicesRunTheAppsResolution() async throws {
    let app = try FeatureRegistry([VisibilityFeature.module(key: "alpha", title: "Alpha").erased]).assemble()
    let (outbox, changes) = AsyncStream<TUIOutbox>.makeStream()
    let (asked, asking) = AsyncStream<String>.makeStream()
    let pty = try PseudoTerminal()
    let reports = FrameReports()
    let options = Self.outboxOptions(pty, reports, outbox) { id, choice in
      asking.yield("\(choice) \(id)")
      return "OK \(choice) \(id)"
    }
    let run = Task { await TUIApp.run(app: app, options: options) }
    #expect(await reports.next { _ in true }.tab == "Alpha")
    var calls = asked.makeAsyncIterator()

    changes.yield(
      TUIOutbox(
        status: "2 conflicts", lines: ["5  conflict  PATCH notes/1", "8  conflict  PATCH notes/2"], ids: [5, 8]))
    #expect(pty.read(until: "2 conflicts"))
    pty.type("o")
    #expect(pty.read(until: "> 5  conflict"))
    pty.type("j")
    pty.type("r")
    #expect(await calls.next() == "retry 8")
    #expect(pty.read(until: "OK retry 8"))
    // Change 8 sent: whether this event or the k comes first, the first line, change 5, is chosen.
    changes.yield(TUIOutbox(status: "1 conflict", lines: ["5  conflict  PATCH notes/1"], ids: [5]))
    pty.type("k")
    pty.type("d")
    #expect(pty.read(until: "Discard change 5?"))
    pty.type("y")
    #expect(await calls.next() == "discard 5")
    #expect(pty.read(until: "OK discard 5"))

    pty.type("q")
    pty.type("q")
    #expect(await run.value == 0)
  }

  @Test(
    "a resolution still running when the TUI quits is cancelled and ended before the loop returns",
    .timeLimit(.minutes(1)))
  func aResolutionInFlightEndsBeforeTheLoopReturns() async throws {
    let app = try FeatureRegistry([VisibilityFeature.module(key: "alpha", title: "Alpha").erased]).assemble()
    let (outbox, changes) = AsyncStream<TUIOutbox>.makeStream()
    let (started, starting) = AsyncStream<Void>.makeStream()
    let ended = Mutex(false)
    let pty = try PseudoTerminal()
    let reports = FrameReports()
    let options = Self.outboxOptions(pty, reports, outbox) { _, _ in
      starting.yield()
      // A round that does not end by itself: only cancellation ends it.
      let (never, _) = AsyncStream<Void>.makeStream()
      for await _ in never {}
      ended.withLock { $0 = true }
      return "cancelled"
    }
    let run = Task { await TUIApp.run(app: app, options: options) }
    #expect(await reports.next { _ in true }.tab == "Alpha")
    changes.yield(TUIOutbox(status: "1 conflict", lines: ["5  conflict  PATCH notes/1"], ids: [5]))
    #expect(pty.read(until: "1 conflict"))
    pty.type("o")
    #expect(pty.read(until: "> 5  conflict"))
    pty.type("r")
    var calls = started.makeAsyncIterator()
    _ = await calls.next()
    pty.type("q")
    pty.type("q")
    #expect(await run.value == 0)
    #expect(ended.withLock { $0 })
  }

  /// A plain TUI on `pty` whose outbox list shows `outbox` and whose `r`/`d` run `resolve`.
  static func outboxOptions(
    _ pty: PseudoTerminal, _ reports: FrameReports, _ outbox: AsyncStream<TUIOutbox>,
    resolve: @escaping @Sendable (Int64, TUIOutbox.Choice) async -> String
  ) -> TUIOptions {
    TUIOptions(
      color: false, mouse: false, launchApp: false, input: pty.terminal, output: pty.terminal,
      term: "xterm-256color", activity: { 0 }, outbox: outbox, resolveOutbox: resolve, onFrame: reports.record)
  }
}

/// A tab that keeps, in its state, the visibility events it received.
enum VisibilityFeature {
  struct State: Equatable, Codable, Sendable {
    var heard: [String] = []
  }

  enum Action: Equatable, Codable, Sendable {
    case heard(String)
  }

  static func module(key: String, title: String) -> FeatureModule<State, Action> {
    FeatureModule(
      key: key,
      title: title,
      initialState: State(),
      reducer: Reducer { state, action in
        guard case .heard(let event) = action else { return }
        state.heard.append(event)
      },
      present: { state in .text("\(title): \(state.heard.joined(separator: ","))") },
      placement: .tab,
      receive: { event in
        switch event {
        case .appear: .heard("appear")
        case .disappear: .heard("disappear")
        case .refreshAll: .heard("refreshAll")
        case .launch, .terminate, .reconnected, .dataChanged: nil
        }
      }
    )
  }
}
