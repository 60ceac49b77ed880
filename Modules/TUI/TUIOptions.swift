import Glibc
import Terminal

/// How ``TUIApp/run(app:options:)`` runs: colours, mouse, DevTools, and the terminal's file descriptors (a test
/// passes a pseudo-terminal's).
public struct TUIOptions: Sendable {
  /// Use colours (`--no-color` and a non-empty `NO_COLOR` turn them off; attributes stay).
  public var color: Bool
  /// Report mouse clicks (tabs, chips, hearts, buttons) and the wheel.
  public var mouse: Bool
  /// The DevTools history whose middleware the app was assembled with, if any.
  public var devTools: DevTools?
  /// Where `e` in DevTools writes `kumiki-actions-<timestamp>.jsonl`.
  public var exportDirectory: String
  /// The app's name and version, written in the header of DevTools' export (as `kumiki-tui --record` writes them).
  public var appVersion: (app: String, version: String)?
  /// Call `app.launch()` (restore persisted state, broadcast `.launch`) right after the first frame.
  public var launchApp: Bool
  /// Broadcast `AppEvent.terminate` when the user quits.
  public var sendTerminate: Bool
  /// The terminal's input descriptor.
  public var input: Int32
  /// The terminal's output descriptor (frames).
  public var output: Int32
  /// Where the refusal message goes when the terminal is unsupported.
  public var errorOutput: Int32
  /// The `TERM` value to check (`dumb` or unset refuses to start).
  public var term: String?
  /// Work in flight that the status bar's activity indicator shows, read on every animation tick: the app's
  /// HTTP requests in flight, say. `nil` counts the store's effects in flight, which includes long-lived ones
  /// such as database observations.
  public var activity: (@Sendable () -> Int)?
  /// Why the API does not answer now, in the status bar's words, read on every animation tick: `offline` (the last
  /// request was refused or timed out), `server error` (answered 5xx), shown instead of `ready`; the closure's `nil`:
  /// it answers. `nil`: never offline.
  public var offline: (@Sendable () -> String?)?
  /// What the app's outbox holds (writes waiting to reach the API), each time it changes — in this process or
  /// another: the status bar shows the newest's marker and `o` its list, redrawn when one arrives (nothing reads the
  /// outbox on a timer). `nil`: the app has no outbox (no marker, no `o`).
  public var outbox: AsyncStream<TUIOutbox>?
  /// Resolves outbox change `id` as the user chose in the list (`r` retry, `d` discard once confirmed), the way
  /// `kumiki outbox retry ID` and `discard ID` do, and returns what happened, one line for the status bar; the list
  /// follows through ``outbox``. `nil`: the list is read-only.
  public var resolveOutbox: (@Sendable (Int64, TUIOutbox.Choice) async -> String)?
  /// Called after every frame is written, with what it showed: for tracing and start-up measurements.
  public var onFrame: (@Sendable (FrameReport) -> Void)?

  /// Creates options; the defaults run on the process's terminal with colours unless `NO_COLOR` is set.
  public init(
    color: Bool = TUIOptions.colorAllowedByEnvironment(),
    mouse: Bool = true,
    devTools: DevTools? = nil,
    appVersion: (app: String, version: String)? = nil,
    exportDirectory: String = ".",
    launchApp: Bool = true,
    sendTerminate: Bool = true,
    input: Int32 = STDIN_FILENO,
    output: Int32 = STDOUT_FILENO,
    errorOutput: Int32 = STDERR_FILENO,
    term: String? = TerminalSession.environmentTerm(),
    activity: (@Sendable () -> Int)? = nil,
    offline: (@Sendable () -> String?)? = nil,
    outbox: AsyncStream<TUIOutbox>? = nil,
    resolveOutbox: (@Sendable (Int64, TUIOutbox.Choice) async -> String)? = nil,
    onFrame: (@Sendable (FrameReport) -> Void)? = nil
  ) {
    self.offline = offline
    self.outbox = outbox
    self.resolveOutbox = resolveOutbox
    self.color = color
    self.mouse = mouse
    self.devTools = devTools
    self.exportDirectory = exportDirectory
    self.appVersion = appVersion
    self.launchApp = launchApp
    self.sendTerminate = sendTerminate
    self.input = input
    self.output = output
    self.errorOutput = errorOutput
    self.term = term
    self.activity = activity
    self.onFrame = onFrame
  }

  /// False when `NO_COLOR` is set to a non-empty value (no-color.org).
  public static func colorAllowedByEnvironment() -> Bool {
    guard let value = getenv("NO_COLOR") else { return true }
    return String(cString: value).isEmpty
  }
}
