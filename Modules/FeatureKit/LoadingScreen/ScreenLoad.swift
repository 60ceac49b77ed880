import Networking

/// The state of a screen that loads its content: where the load stands (``phase``), where the content came from
/// (``origin``) and whether the last load action started a load (``startsLoad``, asking the network first when
/// ``asksNetworkFirst``). A feature keeps one in its state (see ``ScreenLoadState``).
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
  /// Whether the load it starts asks the network first (Refresh, Retry): a fresh cache entry does not answer, and
  /// the cache answers only when the network fails. A first appearance reads the cache first. Set with
  /// ``startsLoad``; the load middleware reads it as the load's ``Networking/ReadPolicy``.
  public var asksNetworkFirst: Bool
  /// Where the shown content came from (``Networking/DataOrigin``): the network, the cache, a stale entry being
  /// refreshed, or the cache because the network failed — which the screen shows as "offline · as of 14:32".
  public var origin: DataOrigin

  /// Creates a load state; the defaults are the state before the first appearance.
  public init(
    phase: LoadPhase<Content> = .idle, startsLoad: Bool = false, asksNetworkFirst: Bool = false,
    origin: DataOrigin = .network
  ) {
    self.phase = phase
    self.startsLoad = startsLoad
    self.asksNetworkFirst = asksNetworkFirst
    self.origin = origin
  }

  /// The content when loaded, otherwise `nil`.
  public var content: Content? { phase.content }

  /// Applies a load action and decides whether it starts a load:
  ///
  /// - `.appear` starts one only from ``LoadPhase/idle``, reading the cache first (while loading, loaded, empty or
  ///   failed it changes nothing but clearing ``startsLoad``);
  /// - `.refresh` and `.retry` always start one, asking the network first (replacing a load in flight);
  /// - `.loaded(response, origin)` maps the response to ``LoadableContent`` (``LoadPhase/empty`` when it is empty)
  ///   and keeps its origin; `.failed(message)` shows the message; neither starts anything.
  public mutating func reduce(_ action: LoadAction<Content.Response>) {
    switch action {
    case .appear:
      guard phase == .idle else {
        finish()
        return
      }
      startLoad(networkFirst: false)
    case .refresh, .retry:
      startLoad(networkFirst: true)
    case .loaded(let response, let origin):
      let content = Content(response)
      phase = content.isEmpty ? .empty : .loaded(content)
      self.origin = origin
      finish()
    case .failed(let message):
      phase = .failed(message)
      finish()
    }
  }

  private mutating func startLoad(networkFirst: Bool) {
    phase = .loading
    startsLoad = true
    asksNetworkFirst = networkFirst
  }

  private mutating func finish() {
    startsLoad = false
    asksNetworkFirst = false
  }
}
