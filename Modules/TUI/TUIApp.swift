import FeatureAssembly
import FeatureKit
import Foundation
import Glibc
import Presentation
import Terminal

/// The TUI's entry point and the pure pieces its loop is made of.
///
/// ```swift
/// let devTools = DevTools()
/// let app = registry.assemble(storage: storage, middlewares: [devTools.middleware])
/// exit(await TUIApp.run(app: app, options: TUIOptions(color: !noColor, devTools: devTools)))
/// ```
public enum TUIApp {
  /// Runs the full-screen interface until the user quits; returns the process exit status (0 after `q`/Ctrl-C, 1
  /// when the terminal is unsupported — non-TTY or `TERM=dumb`, with a message pointing to `kumiki` on
  /// `options.errorOutput` — or fails). The terminal is restored on every exit path (and by the session's signal
  /// handlers on SIGINT/SIGTERM/SIGHUP and crashes).
  public static func run(app: AppRuntime, options: TUIOptions = TUIOptions()) async -> Int32 {
    let session: TerminalSession
    do {
      session = try TerminalSession(
        input: options.input, output: options.output, term: options.term,
        options: TerminalSession.Options(mouse: options.mouse))
    } catch {
      let message = Array(refusalMessage(for: error).utf8)
      _ = message.withUnsafeBytes { write(options.errorOutput, $0.baseAddress, $0.count) }
      return 1
    }
    defer { session.leave() }
    var loop = TUILoop(app: app, options: options, size: session.size)
    return await loop.run(session: session)
  }

  /// What the TUI says when it cannot start.
  public static func refusalMessage(for error: TerminalError) -> String {
    "kumiki-tui: \(error.description).\nUse the command-line interface instead: kumiki --help\n"
  }

  /// The features that get a tab: those with a screen placed as a tab, in registry order.
  public static func screens(of app: AppRuntime) -> [MountedFeature] {
    app.features.filter { $0.hasScreen && $0.placement == .tab }
  }

  /// The features drawn above whichever tab is active (onboarding), in registry order.
  public static func overlays(of app: AppRuntime) -> [MountedFeature] {
    app.features.filter { $0.hasScreen && $0.placement == .overlay }
  }

  /// The selected tab's view as shown: from the history entry being looked at while time travelling, live
  /// otherwise. Presents the tab's feature and each overlay feature once.
  public static func content(app: AppRuntime, state: TUIState, history: [DevToolsEntry]) -> ViewNode<AppAction>? {
    visibleScreens(app: app, state: state, history: history)?.content
  }

  /// The slots of the features whose screens are on view in `state`: the selected tab's, then the overlays'.
  /// The loop watches these partitions of the store and no other.
  static func visibleSlots(app: AppRuntime, state: TUIState) -> [Int] {
    let screens = screens(of: app)
    let tab = screens.indices.contains(state.selectedTab) ? [screens[state.selectedTab].slot] : []
    return tab + overlays(of: app).map(\.slot)
  }

  /// The screens on view, each presented once: the selected tab's and the overlays that have something to show.
  /// `nil` when there is no tab to show.
  static func visibleScreens(app: AppRuntime, state: TUIState, history: [DevToolsEntry]) -> VisibleScreens? {
    let screens = screens(of: app)
    guard screens.indices.contains(state.selectedTab) else { return nil }
    let slot = screens[state.selectedTab].slot
    let appState: AppState
    if let position = state.devTools.position, history.indices.contains(position) {
      appState = history[position].after
    } else {
      appState = app.store.state
    }
    guard let tab = app.view(slot: slot, in: appState) else { return nil }
    // Overlay features (onboarding) sit above the tab while they have something to show.
    let layers = overlays(of: app).compactMap { app.view(slot: $0.slot, in: appState) }.filter { !$0.isEmptyStack }
    return VisibleScreens(tab: tab, overlays: layers)
  }

  /// A complete frame for `app` in `state` (pure apart from reading the store): what the loop draws and golden
  /// tests snapshot. `timeZone` is the DevTools panel's (`nil`: the system's, read only while the panel is shown:
  /// the system's time zone loads ICU's zone data, ~1 MB resident, which no other frame needs).
  public static func frame(
    app: AppRuntime, state: TUIState, devTools: DevTools? = nil, theme: TUITheme = .color,
    timeZone: TimeZone? = nil
  ) -> TUIFrame {
    let history = state.isTimeTravelling ? devTools?.entries : nil
    return frame(
      app: app, state: state, content: content(app: app, state: state, history: history ?? []),
      devTools: devTools, history: history, theme: theme, timeZone: timeZone)
  }

  /// A complete frame drawing `content`, the selected tab's view as ``content(app:state:history:)`` gave it for
  /// `state` (the loop presents each visible screen once per frame and reuses it here). `history` is DevTools'
  /// entries when the caller already read them this frame (time travel), so they are built once.
  public static func frame(
    app: AppRuntime, state: TUIState, content: ViewNode<AppAction>?, devTools: DevTools? = nil,
    history: [DevToolsEntry]? = nil, theme: TUITheme = .color, timeZone: TimeZone? = nil
  ) -> TUIFrame {
    // The history is read only while the panel shows it: a frame with the panel closed costs the same however
    // long the session.
    let panel =
      state.devTools.isVisible
      ? devTools.map {
        DevToolsPanel.make(
          entries: history ?? $0.entries, position: state.devTools.position, describe: app.describe,
          timeZone: timeZone ?? .current)
      }
      : nil
    let tabs = screens(of: app)
    return TUIScreen.render(
      state: state, tabs: tabs.map(\.title), tabKeys: tabs.map(\.key), content: content, devTools: panel, theme: theme)
  }
}

/// The screens on view in one frame, each presented once.
struct VisibleScreens {
  /// The selected tab's view.
  var tab: ViewNode<AppAction>
  /// The overlays above it that have something to show, in registry order.
  var overlays: [ViewNode<AppAction>]

  /// What the frame draws: the tab, with the overlays stacked above it.
  var content: ViewNode<AppAction> { overlays.isEmpty ? tab : .stack([tab] + overlays) }

  /// The first error message of each screen on view.
  var errorMessages: Set<String> { Set(([tab] + overlays).compactMap(\.firstErrorMessage)) }
}
