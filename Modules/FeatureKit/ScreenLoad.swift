/// The state of a screen that loads its content: where the load stands (``phase``) and whether the last load action
/// started a load (``startsLoad``). A feature keeps one in its state (see ``ScreenLoadState``).
///
/// Decide once: ``reduce(_:)`` is the only place that decides whether a load starts, and it records the decision
/// here; the load middleware (``Core/Middleware/screenLoad(id:load:)``) passes each load action on, reads
/// ``startsLoad`` and runs the load when it is `true`, judging nothing itself. So `.appear` while loading or loaded
/// starts nothing because the reducer said so, and replaying actions through the reducer alone (action logs, time
/// travel) rebuilds exactly what the effects were told.
public struct ScreenLoad<Content: LoadableContent>: Equatable, Codable, Sendable {
  /// Where the load stands: what the screen shows.
  public var phase: LoadPhase<Content>
  /// Whether the last ``LoadAction`` started a load: set only by the action that decided to load (with `phase =
  /// .loading`), cleared by every other load action. The load middleware carries it out right after that action.
  public var startsLoad: Bool

  /// Creates a load state; the defaults are the state before the first appearance.
  public init(phase: LoadPhase<Content> = .idle, startsLoad: Bool = false) {
    self.phase = phase
    self.startsLoad = startsLoad
  }

  /// The content when loaded, otherwise `nil`.
  public var content: Content? { phase.content }

  /// Applies a load action and decides whether it starts a load:
  ///
  /// - `.appear` starts one only from ``LoadPhase/idle`` (while loading, loaded, empty or failed it changes
  ///   nothing but clearing ``startsLoad``);
  /// - `.refresh` and `.retry` always start one (replacing a load in flight);
  /// - `.loaded(response)` maps the response to ``LoadableContent`` (``LoadPhase/empty`` when it is empty) and
  ///   `.failed(message)` shows the message; neither starts anything.
  public mutating func reduce(_ action: LoadAction<Content.Response>) {
    switch action {
    case .appear:
      guard phase == .idle else {
        startsLoad = false
        return
      }
      startLoad()
    case .refresh, .retry:
      startLoad()
    case .loaded(let response):
      let content = Content(response)
      phase = content.isEmpty ? .empty : .loaded(content)
      startsLoad = false
    case .failed(let message):
      phase = .failed(message)
      startsLoad = false
    }
  }

  private mutating func startLoad() {
    phase = .loading
    startsLoad = true
  }
}
