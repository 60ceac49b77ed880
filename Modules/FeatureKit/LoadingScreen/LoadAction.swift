import Networking

/// What can happen to a screen's load: the ways to ask for it, the answers of the load effect, and — for a search
/// that loads as the user types, in pages — the edits it waits on and its next pages.
///
/// A feature carries these in one case of its own action, `case load(LoadAction<Response>)` (named to the kit by its
/// constructor, `action: Action.load`), and its reducer hands them to ``ScreenLoad/reduce(_:key:)``.
public enum LoadAction<Response: Equatable & Codable & Sendable>: Equatable, Codable, Sendable {
  /// The screen became visible: loads only when nothing was requested yet.
  case appear
  /// The screen is on view (the TUI's tab, each time it is shown): like ``appear``, and a screen that polls
  /// (``ScreenLoad/polling``) polls while it stays on view; a poll missed while it was hidden runs now.
  case shown
  /// The screen left the view (another tab): a screen that polls pauses.
  case hidden
  /// The poll timer fired (sent by the load middleware): the screen loads again, network first, while keeping its
  /// content on screen — or, hidden, remembers that a poll is due.
  case poll
  /// The API answered again after it could not be reached: a screen showing offline data, or an error, loads again
  /// once (``ScreenLoad/reconnect``).
  case reconnected
  /// Load again (the screen's Refresh, the app's refresh-all, a CLI command); replaces a load in flight.
  case refresh
  /// Load again after an error (the error's Retry); replaces a load in flight.
  case retry
  /// The data under the loaded screen changed in the query layer (``AppEvent/dataChanged(_:)``: a write's optimistic
  /// change shown or rolled back): loaded content is read again from the cache, keeping its origin, with no spinner
  /// and no request. Ignored unless loaded.
  case changed
  /// What the load reads changed (a search's conditions: a chip, Enter, a CLI search): load again now, reading the
  /// cache first, with the spinner, replacing a load in flight; an answer for the old key is dropped
  /// (``ScreenLoad/reduce(_:key:)``). The load function reads the state when it starts.
  case reload
  /// The user typed (each keystroke of a search field): cancel the load in flight and wait for typing to pause
  /// (``ScreenLoad/pause``, on the store's clock), each edit restarting the wait; then ``paused`` reloads. With no
  /// pause set, it reloads at once.
  case edited
  /// Typing paused for ``ScreenLoad/pause`` (sent by the load middleware): the load the edits asked for starts.
  case paused
  /// Load the next page (``LoadableContent/hasMore``); also retries a failed one. Ignored while one is in flight.
  case more
  /// The next page answered (sent by the load middleware): ``LoadableContent/append(_:)`` adds it.
  case moreLoaded(Response)
  /// The next page failed, with the message to show next to the loaded content (``ScreenLoad/moreFailure``).
  case moreFailed(String)
  /// The load answered (sent by the load effect), with where the answer came from: the network (the default), the
  /// cache, a stale cache entry being refreshed, or the cache because the network failed. A stale answer is
  /// followed by a second `loaded` when its refresh answers.
  case loaded(Response, origin: DataOrigin = .network)
  /// The load failed, with the message to show (sent by the load effect).
  case failed(String)
}

extension LoadAction: CustomDebugStringConvertible {
  /// `appear`, `refresh`, `retry`, `loaded(…)` or `failed("…")`: how the action reads inside its feature's action,
  /// e.g. `load(appear)` in DevTools' history, rather than with its full generic type name.
  public var debugDescription: String {
    switch self {
    case .appear: "appear"
    case .shown: "shown"
    case .hidden: "hidden"
    case .poll: "poll"
    case .reconnected: "reconnected"
    case .refresh: "refresh"
    case .retry: "retry"
    case .changed: "changed"
    case .reload: "reload"
    case .edited: "edited"
    case .paused: "paused"
    case .more: "more"
    case .moreLoaded(let response): "moreLoaded(\(String(reflecting: response)))"
    case .moreFailed(let message): "moreFailed(\(String(reflecting: message)))"
    case .loaded(let response, .network): "loaded(\(String(reflecting: response)))"
    case .loaded(let response, let origin): "loaded(\(String(reflecting: response)), origin: \(origin))"
    case .failed(let message): "failed(\(String(reflecting: message)))"
    }
  }
}
