import FeatureKit
import Presentation
import Synchronization
import Terminal

/// The app loop: one task consuming input, store changes, DevTools changes and an animation tick, updating the UI
/// state and drawing at most one frame per event (one `write` each, diffed by the `Renderer`).
struct TUILoop {
  /// What wakes the loop.
  enum Event: Sendable {
    case input(InputEvent)
    case inputEnded
    case changed
    case tick
    case notice(String)
  }

  let app: AppRuntime
  let options: TUIOptions
  let theme: TUITheme
  var state: TUIState
  var renderer = Renderer()
  var bytes: [UInt8] = []
  var hits: [HitRegion] = []
  var knownErrors: Set<String> = []
  var showsSpinner = false
  /// Slots whose feature was told its screen appeared.
  var appeared: Set<Int> = []
  /// Frames written so far.
  var frames = 0

  init(app: AppRuntime, options: TUIOptions, size: Size) {
    self.app = app
    self.options = options
    self.theme = options.color ? .color : .monochrome
    self.state = TUIState(size: size)
  }

  mutating func run(session: TerminalSession) async -> Int32 {
    let input: AsyncStream<InputEvent>
    do {
      input = try session.events()
    } catch {
      return 1
    }
    let (events, continuation) = AsyncStream.makeStream(of: Event.self)
    let pending = PendingFlag()
    let notify: @Sendable () -> Void = { if pending.raise() { continuation.yield(.changed) } }
    let reader = Task {
      for await event in input { continuation.yield(.input(event)) }
      continuation.yield(.inputEnded)
    }
    let ticker = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(100))
        continuation.yield(.tick)
      }
    }
    let subscription = app.store.subscribe(select: { $0 }) { _ in notify() }
    options.devTools?.observe(notify)
    defer {
      options.devTools?.observe(nil)
      subscription.cancel()
      reader.cancel()
      ticker.cancel()
      continuation.finish()
    }

    noteErrors()
    appearSelectedTab()
    guard draw(session) else { return 1 }
    if options.launchApp {
      let app = self.app
      Task {
        for error in await app.launch() { continuation.yield(.notice("Saved state not restored: \(error)")) }
      }
    }

    var status: Int32 = 0
    loop: for await event in events {
      switch event {
      case .input(let event):
        if case .resize = event { renderer.invalidate() }
        let commands = state.handle(event, in: context())
        for command in commands {
          switch command {
          case .dispatch(let action): app.store.dispatch(action)
          case .quit: break loop
          case .exportHistory: exportHistory()
          case .redraw: renderer.invalidate()
          case .suspend:
            session.suspend()
            renderer.invalidate()
          }
        }
      case .inputEnded:
        status = 1
        break loop
      case .changed:
        pending.lower()
        noteErrors()
      case .tick:
        let activity = options.activity?() ?? app.store.effectsInFlight
        guard activity > 0 || showsSpinner || activity != state.activity else { continue }
        state.activity = activity
        if activity > 0 || showsSpinner { state.spinnerFrame &+= 1 }
      case .notice(let text):
        state.message = text
      }
      appearSelectedTab()
      guard draw(session) else {
        status = 1
        break
      }
    }
    if options.sendTerminate && status == 0 { app.send(.terminate) }
    return status
  }

  private func context() -> TUIContext {
    let history = options.devTools?.entries ?? []
    return TUIContext(
      tabCount: TUIApp.screens(of: app).count,
      view: TUIApp.content(app: app, state: state, history: history),
      historyCount: history.count, hasDevTools: options.devTools != nil, hits: hits)
  }

  /// Tells the selected tab's feature, the first time it is shown, that its screen is visible (features load on
  /// appearance, so tabs never visited cost no requests).
  private mutating func appearSelectedTab() {
    let screens = TUIApp.screens(of: app)
    guard screens.indices.contains(state.selectedTab) else { return }
    let slot = screens[state.selectedTab].slot
    if appeared.insert(slot).inserted { app.appear(slot: slot) }
  }

  /// Remembers the newest error message any screen shows, for the status bar.
  private mutating func noteErrors() {
    var current = Set<String>()
    for screen in TUIApp.screens(of: app) {
      if let message = app.view(slot: screen.slot)?.firstErrorMessage { current.insert(message) }
    }
    if let fresh = current.subtracting(knownErrors).sorted().first { state.lastError = fresh }
    knownErrors = current
  }

  private mutating func exportHistory() {
    guard let devTools = options.devTools else {
      state.message = "DevTools is not installed in this app"
      return
    }
    do {
      let path = try devTools.export(to: options.exportDirectory, encode: app.encode)
      state.message = "Exported \(devTools.count) actions to \(path)"
    } catch {
      state.message = "Export failed: \(error)"
    }
  }

  /// Draws the current state; false when the terminal can no longer be written.
  private mutating func draw(_ session: TerminalSession) -> Bool {
    let content = TUIApp.content(app: app, state: state, history: options.devTools?.entries ?? [])
    state.noteOverlay(content?.firstOverlay?.title)
    let frame = TUIApp.frame(app: app, state: state, content: content, devTools: options.devTools, theme: theme)
    state.scroll[state.selectedTab] = frame.scrollOffset
    hits = frame.hits
    showsSpinner = content?.containsSpinner ?? false
    bytes.removeAll(keepingCapacity: true)
    renderer.render(frame.buffer, cursor: frame.cursor, into: &bytes)
    do {
      try session.write(bytes)
    } catch {
      return false
    }
    frames += 1
    if let onFrame = options.onFrame { onFrame(report(content: content)) }
    return true
  }

  /// What the frame just written showed.
  private func report(content: ViewNode<AppAction>?) -> FrameReport {
    let screens = TUIApp.screens(of: app)
    let tab = screens.indices.contains(state.selectedTab) ? screens[state.selectedTab] : nil
    let complete =
      tab.map { appeared.contains($0.slot) } == true && content != nil && !showsSpinner
      && content?.firstErrorMessage == nil
    return FrameReport(number: frames, bytes: bytes.count, tab: tab?.title ?? "", complete: complete)
  }
}

/// Coalesces change notifications: only the first since the loop last looked wakes it.
final class PendingFlag: Sendable {
  private let flag = Atomic<Bool>(false)

  /// Sets the flag; true if it was clear (the caller should wake the loop).
  func raise() -> Bool {
    !flag.exchange(true, ordering: .acquiringAndReleasing)
  }

  /// Clears the flag before the loop reads the state.
  func lower() {
    flag.store(false, ordering: .releasing)
  }
}
