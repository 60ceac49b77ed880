import Networking

/// The state of a screen that loads its content: where the load stands (``phase``), where the content came from
/// (``origin``) and whether the last load action started a load (``startsLoad``, asking the network first when
/// ``asksNetworkFirst``). A feature keeps one in its state, `var load = ScreenLoad<Content>()`, named to the kit by
/// its key path (`\.load`).
///
/// Decide once: ``reduce(_:)`` is the only place that decides whether a load starts, and it records the decision
/// here; the load middleware (``Core/Middleware/screenLoad(id:state:action:load:)``) passes each load action on, reads
/// ``startsLoad`` and runs the load when it is `true`, judging nothing itself. So `.appear` while loading or loaded
/// starts nothing because the reducer said so, and replaying actions through the reducer alone (action logs, time
/// travel) rebuilds exactly what the effects were told.
public struct ScreenLoad<Content: LoadableContent>: Equatable, Codable, Sendable {
  /// Where the load stands: what the screen shows.
  public var phase: LoadPhase<Content>
  /// Whether the last ``LoadAction`` started a load: set only by the action that decided to load (with `phase =
  /// .loading`, except a poll or a refetch after a reconnection, which keep the content on screen), cleared by every
  /// other load action. The load middleware carries it out right after that action.
  public var startsLoad: Bool
  /// Whether the load it starts asks the network first (Refresh, Retry): a fresh cache entry does not answer, and
  /// the cache answers only when the network fails. A first appearance reads the cache first. Set with
  /// ``startsLoad``; the load middleware reads it as the load's ``Networking/ReadPolicy``.
  public var asksNetworkFirst: Bool
  /// Where the shown content came from (``Networking/DataOrigin``): the network, the cache, a stale entry being
  /// refreshed, or the cache because the network failed — which the screen shows as "offline · as of 14:32".
  public var origin: DataOrigin
  /// Whether the screen loads again at an interval while it is shown, and where that stands; `nil` (the default)
  /// for a screen that does not poll.
  public var polling: LoadPolling?
  /// Whether a ``LoadAction/reconnected`` already made this screen load again (``ReconnectRefetch``, the decision
  /// every loading screen shares): it refetches once per outage, not each time the API comes back while part of it
  /// still fails. Cleared by content that is not offline, and by Refresh and Retry.
  public var reconnect: ReconnectRefetch
  /// Whether the load it starts only reads the loaded content again from the cache (``LoadAction/changed``: the data
  /// changed under the screen): no spinner, no request, the content keeps its ``origin``. Set with ``startsLoad``.
  public var rereadsCache: Bool
  /// Whether the data changed under the screen while a load was in flight (``LoadAction/changed`` while loading: an
  /// outbox's refusal or conflict rolled a change back while Refresh was reading): that load's answer may have been
  /// read before the change, so once it lands the screen reads the cache again.
  public var changedWhileLoading: Bool
  /// How long typing must pause before an edit (``LoadAction/edited``) loads: a search as you type; `nil` (the
  /// default) for a screen whose edits load at once. The wait is on the store's clock.
  public var pause: Duration?
  /// Whether edits asked for a load that waits for typing to pause (``LoadAction/paused`` starts it; any load that
  /// starts first folds it in).
  public var awaitsPause: Bool
  /// Whether the last load action (an edit) started the wait for typing to pause, cancelling the load in flight and
  /// restarting any earlier wait: the load middleware carries it out, like ``startsLoad``.
  public var startsWait: Bool
  /// Whether the next page (``LoadAction/more``) is loading.
  public var loadsMore: Bool
  /// Whether the last load action started the next page: the load middleware carries it out, like ``startsLoad``.
  public var startsMore: Bool
  /// Why the next page failed, shown with a way to ask again (``LoadAction/more``); `nil` otherwise.
  public var moreFailure: String?

  /// Creates a load state; the defaults are the state before the first appearance.
  public init(
    phase: LoadPhase<Content> = .idle, startsLoad: Bool = false, asksNetworkFirst: Bool = false,
    origin: DataOrigin = .network, polling: LoadPolling? = nil, reconnect: ReconnectRefetch = ReconnectRefetch(),
    rereadsCache: Bool = false, changedWhileLoading: Bool = false, pause: Duration? = nil,
    awaitsPause: Bool = false, startsWait: Bool = false, loadsMore: Bool = false, startsMore: Bool = false,
    moreFailure: String? = nil
  ) {
    self.phase = phase
    self.startsLoad = startsLoad
    self.asksNetworkFirst = asksNetworkFirst
    self.origin = origin
    self.polling = polling
    self.reconnect = reconnect
    self.rereadsCache = rereadsCache
    self.changedWhileLoading = changedWhileLoading
    self.pause = pause
    self.awaitsPause = awaitsPause
    self.startsWait = startsWait
    self.loadsMore = loadsMore
    self.startsMore = startsMore
    self.moreFailure = moreFailure
  }

  /// The content when loaded, otherwise `nil`.
  public var content: Content? { phase.content }

  /// Applies a load action and decides whether it starts a load (and, for a screen that polls, its timer):
  ///
  /// - `.appear` starts one only from ``LoadPhase/idle``, reading the cache first (while loading, loaded, empty or
  ///   failed it changes nothing but clearing ``startsLoad``); `.shown` does the same for a shown screen, and
  ///   resumes its polling (a poll that fell due while hidden runs now; a stopped timer starts);
  /// - `.hidden` marks the screen hidden: its timer may fire once more, which only makes the poll due;
  /// - `.poll` on a shown screen starts a load, network first, keeping the content on screen;
  /// - `.reconnected` starts one, network first, when the screen shows offline content or an error and did not
  ///   already refetch for a reconnection (``reconnect``, ``ReconnectRefetch/reconnected(showing:)``);
  /// - `.refresh` and `.retry` always start one, asking the network first (replacing a load in flight); `.retry`
  ///   keeps the content on screen (offline content's Retry never blanks it);
  /// - `.changed` starts a cache-only re-read when loaded or empty, keeping the phase on screen (``rereadsCache``);
  ///   while loading, it makes the load's answer start one when it lands (``changedWhileLoading``);
  /// - `.reload` starts one now, reading the cache first, with the spinner (a search's conditions changed);
  /// - `.edited` waits for typing to pause (``pause``: ``awaitsPause``, ``startsWait``), or with no pause starts one
  ///   at once; `.paused` starts the one the edits asked for, if no load started since;
  /// - `.more` loads the next page when the content ``LoadableContent/hasMore`` and none is in flight
  ///   (``loadsMore``, ``startsMore``); `.moreLoaded(page)` appends it, `.moreFailed(message)` keeps the content and
  ///   the message (``moreFailure``); a load that starts drops both;
  /// - `.loaded(response, origin)` maps the response to ``LoadableContent`` (``LoadPhase/empty`` when it is empty)
  ///   — or, with content on screen, hands it to ``LoadableContent/update(with:)``, which may decline it — and keeps
  ///   its origin;
  ///   `.failed(message)` shows the message; on a shown screen that polls, either starts the timer again.
  ///
  /// `key` is what the screen's load is for now (a search's conditions, from the feature's state): an answer whose
  /// ``LoadableContent/key(of:)`` is another one is for a load that was replaced, and is dropped. A screen with no
  /// key leaves it out.
  public mutating func reduce(_ action: LoadAction<Content.Response>, key: Content.Key? = nil) {
    polling?.startsTimer = false
    switch action {
    case .appear, .shown:
      if action == .shown { polling?.isShown = true }
      if phase == .idle {
        startLoad(networkFirst: false)
      } else if action == .shown, polling?.timer == .due {
        startLoad(networkFirst: true, keepingContent: true)
      } else {
        finish()
        if action == .shown, polling?.timer == .stopped, phase != .loading { startTimer() }
      }
    case .hidden:
      polling?.isShown = false
      finish()
    case .poll:
      finish()
      guard polling != nil else { return }
      polling?.timer = .stopped
      if polling?.isShown != true {
        polling?.timer = .due
      } else if phase != .loading {
        startLoad(networkFirst: true, keepingContent: true)
      }
    case .reconnected:
      finish()
      let showing: ReconnectRefetch.Showing =
        switch phase {
        case .idle, .loading: .nothing
        case .loaded, .empty: .content(origin)
        case .failed: .error
        }
      guard reconnect.reconnected(showing: showing) else { return }
      startLoad(networkFirst: true, keepingContent: true)
    case .refresh, .retry:
      reconnect.reset()
      // Retry (offered on offline content) keeps that content on screen until the answer replaces it.
      startLoad(networkFirst: true, keepingContent: action == .retry)
    case .changed:
      finish()
      switch phase {
      case .loaded, .empty:
        startsLoad = true
        rereadsCache = true
      case .loading:
        changedWhileLoading = true
      case .idle, .failed:
        break
      }
    case .reload:
      startLoad(networkFirst: false)
    case .edited:
      finish()
      guard pause != nil else { return startLoad(networkFirst: false) }
      awaitsPause = true
      startsWait = true
      loadsMore = false  // the middleware cancels a next page in flight: a `.more` meanwhile asks again
    case .paused:
      finish()
      if awaitsPause { startLoad(networkFirst: false) }
    case .more:
      finish()
      guard let content = phase.content, content.hasMore, !loadsMore else { return }
      loadsMore = true
      startsMore = true
      moreFailure = nil
    case .moreLoaded(let page):
      finish()
      guard loadsMore, var content = phase.content, answers(page, key: key) else { return }
      content.append(page)
      phase = .loaded(content)
      loadsMore = false
    case .moreFailed(let message):
      finish()
      guard loadsMore else { return }
      loadsMore = false
      moreFailure = message
    case .loaded(let response, let origin):
      guard answers(response, key: key) else { return finish() }
      let content: Content
      if var shown = phase.content {
        guard shown.update(with: response) else { return finish() }
        content = shown
      } else {
        content = Content(response)
      }
      phase = content.isEmpty ? .empty : .loaded(content)
      self.origin = origin
      reconnect.loaded(from: origin)
      finish()
      answered()
      if changedWhileLoading {
        // The answer may predate a change made while it was read: read the cache again, keeping it on screen.
        changedWhileLoading = false
        startsLoad = true
        rereadsCache = true
      }
    case .failed(let message):
      phase = .failed(message)
      changedWhileLoading = false
      finish()
      answered()
    }
  }

  /// Whether `response` answers the load for `key` (always, for a screen with no key or a response without one).
  private func answers(_ response: Content.Response, key: Content.Key?) -> Bool {
    guard let key, let answered = Content.key(of: response) else { return true }
    return answered == key
  }

  /// Clears the last action's decisions (``startsLoad``, ``startsWait``, ``startsMore``, the poll timer's), leaving
  /// where the load stands. A search whose conditions change in the feature's own actions calls it first in its
  /// reducer, so its load middleware (``Core/Middleware/screenLoad(id:state:action:load:more:)``, which reads the
  /// state after every action) carries out each decision once.
  public mutating func settle() {
    finish()
    polling?.startsTimer = false
  }

  /// Decides a load: `keepingContent` leaves what the screen shows on screen (a poll, a refetch after reconnecting)
  /// instead of the spinner. A poll that fell due is served by it.
  private mutating func startLoad(networkFirst: Bool, keepingContent: Bool = false) {
    if !keepingContent || phase.content == nil && phase != .empty { phase = .loading }
    startsLoad = true
    asksNetworkFirst = networkFirst
    rereadsCache = false
    changedWhileLoading = false  // this load reads after any change made so far
    awaitsPause = false  // this load reads the edits made so far
    loadsMore = false  // the load replaces the pages; the middleware cancels a next page in flight
    moreFailure = nil
    if polling?.timer == .due { polling?.timer = .stopped }
  }

  private mutating func finish() {
    startsLoad = false
    asksNetworkFirst = false
    rereadsCache = false
    startsWait = false
    startsMore = false
  }

  /// After an answer, a shown screen that polls starts its timer again.
  private mutating func answered() {
    if polling?.isShown == true { startTimer() }
  }

  private mutating func startTimer() {
    polling?.timer = .waiting
    polling?.startsTimer = true
  }
}
