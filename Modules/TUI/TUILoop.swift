import ActionLog
import Core
import FeatureAssembly
import FeatureKit
import Presentation
import Synchronization
import Terminal

/// The app loop: one task consuming input, store changes, DevTools changes and an animation tick, updating the UI
/// state and drawing at most one frame per event (one `write` each, diffed by the `Renderer`).
///
/// Each frame presents each screen on view once — the selected tab's and the overlays' — and input is handled
/// against the view of the frame on screen. The loop watches only what it shows: the store partitions of the
/// features on view (resubscribed when the tab changes) and the DevTools history while its panel is open, so an
/// action of a hidden tab's feature neither wakes it nor costs a present. App-wide events evaluate every
/// partition and wake it when they change a feature on view.
struct TUILoop {
  /// What wakes the loop.
  enum Event: Sendable {
    case input(InputEvent)
    case inputEnded
    case changed
    case tick
    case notice(String)
    /// What the app's outbox holds, changed (``TUIOptions/outbox``).
    case outbox(TUIOutbox)
  }

  let app: AppRuntime
  let options: TUIOptions
  let theme: TUITheme
  var state: TUIState
  var renderer = Renderer()
  var bytes: [UInt8] = []
  var hits: [HitRegion] = []
  /// The scrolled area of the frame on screen, which the scrolling keys move.
  var viewport: Viewport?
  /// The view of the frame on screen (the selected tab with its overlays), which input is handled against.
  var content: ViewNode<AppAction>?
  var showsSpinner = false
  /// The slots whose store partitions the loop watches, and the subscriptions doing it.
  var watchedSlots: [Int] = []
  var watches: [Subscription] = []
  /// Whether the loop is woken by the DevTools history (while the panel is open).
  var watchesHistory = false
  /// The tab on view, as last told to its feature (`appear`); told `disappear` when another tab is shown.
  var shownSlot: Int?
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
    // The outbox reaches the status bar as events: each change, not a read on every tick.
    let outboxes = options.outbox.map { outboxes in
      Task {
        for await outbox in outboxes { continuation.yield(.outbox(outbox)) }
      }
    }
    if options.outbox != nil { state.outbox = TUIOutbox(status: nil, lines: []) }
    defer {
      if watchesHistory { options.devTools?.observe(nil) }
      app.routeRequests.listen(nil)
      for watch in watches { watch.cancel() }
      reader.cancel()
      ticker.cancel()
      outboxes?.cancel()
      continuation.finish()
    }

    app.routeRequests.listen(notify)  // a feature asked for a route: TUILoop+Routes
    appearSelectedTab()
    watchVisibleScreens(notify)
    guard draw(session) else { return 1 }
    if options.launchApp {
      let app = self.app
      Task {
        for error in await app.launch() { continuation.yield(.notice("Saved state not restored: \(error)")) }
      }
    }

    var status: Int32 = 0
    // Outbox resolutions in flight: cancelled and ended before the loop returns, so none runs on after the app
    // shuts down (the change it was sending stays in the outbox).
    var resolving: [Task<Void, Never>] = []
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
          case .resolveOutbox(let id, let choice):
            // The app's own code runs it (a round may take a while): its answer comes back as a notice.
            guard let resolve = options.resolveOutbox else {
              state.message = "The outbox cannot be changed from here: kumiki outbox retry or discard \(id)"
              continue
            }
            resolving.append(Task { continuation.yield(.notice(await resolve(id, choice))) })
          }
        }
      case .inputEnded:
        status = 1
        break loop
      case .changed:
        pending.lower()
      case .tick:
        let activity = options.activity?() ?? app.store.effectsInFlight
        let offline = options.offline?() ?? nil
        guard activity > 0 || showsSpinner || activity != state.activity || offline != state.offline else {
          continue
        }
        state.activity = activity
        state.offline = offline
        if activity > 0 || showsSpinner { state.spinnerFrame &+= 1 }
      case .notice(let text):
        state.message = text
      case .outbox(var outbox):
        // What a sent or refused change did to the data is the query layer's to tell the screens (the app event
        // `.dataChanged`): the outbox only gives the status bar its marker and its notices.
        let notice = outbox.notices.last
        outbox.notices = []
        guard outbox != state.outbox || notice != nil else { continue }
        state.noteOutbox(outbox)
        if let notice { state.message = notice }
        // Drawn beside what the API's state is now (a round that sent reached it), not the last tick's.
        state.offline = options.offline?() ?? nil
      }
      openRequestedRoutes()
      appearSelectedTab()
      watchVisibleScreens(notify)
      guard draw(session) else {
        status = 1
        break
      }
    }
    for resolution in resolving { resolution.cancel() }
    for resolution in resolving { await resolution.value }
    if options.sendTerminate && status == 0 { app.send(.terminate) }
    return status
  }

  /// What input is handled against: the frame on screen, which is what the user acted on.
  private func context() -> TUIContext {
    let screens = TUIApp.screens(of: app)
    return TUIContext(
      tabCount: screens.count, view: content, historyCount: options.devTools?.count ?? 0,
      hasDevTools: options.devTools != nil, hits: hits, viewport: viewport,
      tabs: screens.map { FeatureSwitcher.Entry(key: $0.key, title: $0.title) })
  }

  /// Subscribes the loop to what the next frames show and nothing else: the store partitions of the features on
  /// view (when the selected tab changed, the old subscriptions go) and the DevTools history while its panel is
  /// open. Each subscription selects its feature's whole state (``FeatureKit/AppState/slice(at:)``) and wakes the
  /// loop when it changes — not when it starts, since the frame drawn next reads the state anyway.
  private mutating func watchVisibleScreens(_ notify: @escaping @Sendable () -> Void) {
    let slots = TUIApp.visibleSlots(app: app, state: state)
    if slots != watchedSlots {
      for watch in watches { watch.cancel() }
      watches = slots.map { slot in
        let started = StartFlag()
        return app.store.subscribe(partition: slot, select: { $0.slice(at: slot) }) { _ in
          if started.isSet() { notify() }
        }
      }
      watchedSlots = slots
    }
    if state.devTools.isVisible != watchesHistory {
      watchesHistory = state.devTools.isVisible
      options.devTools?.observe(watchesHistory ? notify : nil)
    }
  }

  /// Tells the selected tab's feature, each time it is shown, that its screen is visible, and the feature of the
  /// tab it replaces that its screen was hidden (features load on appearance, so tabs never visited cost no
  /// requests; a screen that polls pauses while hidden).
  private mutating func appearSelectedTab() {
    let screens = TUIApp.screens(of: app)
    guard screens.indices.contains(state.selectedTab) else { return }
    let slot = screens[state.selectedTab].slot
    guard slot != shownSlot else { return }
    if let shownSlot { app.disappear(slot: shownSlot) }
    shownSlot = slot
    app.appear(slot: slot)
  }

  private mutating func exportHistory() {
    guard let devTools = options.devTools else {
      state.message = "DevTools is not installed in this app"
      return
    }
    do {
      let header = ActionLogHeader(
        app: options.appVersion?.app, version: options.appVersion?.version, features: app.features.map(\.key))
      let path = try devTools.export(to: options.exportDirectory, encode: app.encode, header: header)
      state.message = "Exported \(devTools.count) actions to \(path)"
    } catch {
      state.message = "Export failed: \(error)"
    }
  }

  /// Draws the current state, presenting each screen on view once; false when the terminal can no longer be
  /// written.
  private mutating func draw(_ session: TerminalSession) -> Bool {
    // The history is read only when a historic state is on view (time travel).
    let history = state.isTimeTravelling ? options.devTools?.entries ?? [] : []
    let screens = TUIApp.visibleScreens(app: app, state: state, history: history)
    let content = screens?.content
    self.content = content
    if !state.isTimeTravelling { state.noteErrors(screens?.errorMessages ?? []) }  // a historic one is not news
    let overlay = content?.firstOverlay
    state.noteOverlay(
      overlay?.title, focusables: overlay == nil ? [] : content.map { FocusCollector.focusables(in: $0) } ?? [])
    let frame = TUIApp.frame(
      app: app, state: state, content: content, devTools: options.devTools,
      history: state.isTimeTravelling ? history : nil, theme: theme)
    state.noteFrame(frame)
    hits = frame.hits
    viewport = frame.viewport
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
      tab != nil && tab?.slot == shownSlot && content != nil && !showsSpinner
      && content?.firstErrorMessage == nil
    return FrameReport(number: frames, bytes: bytes.count, tab: tab?.title ?? "", complete: complete)
  }
}

/// Tells a subscription's first call — made as it starts, with the state as it already is — from the changes after.
final class StartFlag: Sendable {
  private let flag = Atomic<Bool>(false)

  /// False the first time it is asked, true afterwards.
  func isSet() -> Bool {
    flag.exchange(true, ordering: .relaxed)
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
