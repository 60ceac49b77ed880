/// A loading screen that loads again at an interval while it is on view (``ScreenLoad/polling``), network first and
/// without hiding its content. The reducer (``ScreenLoad/reduce(_:key:)``) decides every step and records it here; the
/// load middleware only starts the timer when ``startsTimer`` says so, on the store's clock.
///
/// - The timer starts when a load answers while the screen is shown, and when the screen is shown with nothing
///   running (its first timer starts with its first answer).
/// - When it fires on a shown screen, the screen loads again (network first; the content stays on screen).
/// - When it fires on a hidden screen nothing is sent: the poll is ``Timer/due`` and runs when the screen is shown
///   again. So a hidden screen costs at most one timer and no request, and polling resumes when it is shown.
/// - Only the TUI shows screens (``LoadAction/shown``, ``LoadAction/hidden``): the CLI never polls.
///
/// ```swift
/// public var load = ScreenLoad<NewsContent>(polling: LoadPolling(every: .seconds(300)))
/// ```
public struct LoadPolling: Equatable, Codable, Sendable {
  /// Where the poll timer stands.
  public enum Timer: Equatable, Codable, Sendable {
    /// No timer runs (before the first answer, or while a load is in flight).
    case stopped
    /// The timer runs; it fires ``LoadAction/poll`` after ``LoadPolling/interval``.
    case waiting
    /// The timer fired while the screen was hidden: the screen polls when it is shown again.
    case due
  }

  /// The shortest interval: one second.
  public static let minimumInterval = Duration.seconds(1)

  /// How long after an answer the screen loads again.
  public var interval: Duration
  /// Whether the screen is on view (``LoadAction/shown`` until ``LoadAction/hidden``).
  public var isShown: Bool
  /// Where the timer stands.
  public var timer: Timer
  /// Whether the last load action started the timer (replacing one that runs): the middleware carries it out right
  /// after that action. Cleared by every other load action.
  public var startsTimer: Bool

  /// Polling every `interval` (at least ``minimumInterval``); the screen starts hidden, with no timer.
  public init(every interval: Duration, isShown: Bool = false, timer: Timer = .stopped, startsTimer: Bool = false) {
    self.interval = max(interval, Self.minimumInterval)
    self.isShown = isShown
    self.timer = timer
    self.startsTimer = startsTimer
  }
}
