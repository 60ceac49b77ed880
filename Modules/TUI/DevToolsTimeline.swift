import FeatureKit
import Synchronization

/// A snapshot of DevTools' history that rebuilds the state after any of its actions: the state before the oldest
/// action (DevTools' base), the actions, and the store's reducer to replay them with.
///
/// The history is linear, so the state after sequence number *s* is one value whatever snapshot computes it: the
/// last one computed is kept in a cache shared by every snapshot of one DevTools (``DevToolsReplayCache``), and
/// stepping through the history (or a live panel showing the newest action) replays one action per step.
final class DevToolsTimeline: Sendable {
  /// The state after `baseSequence` (before the first action here).
  let base: AppState
  let baseSequence: Int
  /// The actions of sequence numbers `baseSequence + 1`, `baseSequence + 2`, ….
  let actions: [AppAction]
  let reduce: @Sendable (inout AppState, AppAction) -> Void
  let cache: DevToolsReplayCache

  init(
    base: AppState, baseSequence: Int, actions: [AppAction],
    reduce: @escaping @Sendable (inout AppState, AppAction) -> Void, cache: DevToolsReplayCache
  ) {
    self.base = base
    self.baseSequence = baseSequence
    self.actions = actions
    self.reduce = reduce
    self.cache = cache
  }

  /// The state after the action numbered `sequence` (`baseSequence` for the base itself).
  func state(after sequence: Int) -> AppState {
    precondition(
      (baseSequence...baseSequence + actions.count).contains(sequence), "sequence \(sequence) not in this history")
    var (at, state) = cache.start(for: sequence, from: baseSequence) ?? (baseSequence, base)
    while at < sequence {
      at += 1
      reduce(&state, actions[at - baseSequence - 1])
    }
    cache.keep(state, at: sequence)
    return state
  }
}

/// The last state a ``DevToolsTimeline`` rebuilt, and its sequence number.
final class DevToolsReplayCache: Sendable {
  private let last = Mutex<(sequence: Int, state: AppState)?>(nil)

  /// The cached state if replaying from it reaches `sequence` in a history starting after `baseSequence`.
  func start(for sequence: Int, from baseSequence: Int) -> (Int, AppState)? {
    last.withLock { last in
      guard let last, last.sequence <= sequence, last.sequence >= baseSequence else { return nil }
      return (last.sequence, last.state)
    }
  }

  func keep(_ state: AppState, at sequence: Int) { last.withLock { $0 = (sequence, state) } }

  func clear() { last.withLock { $0 = nil } }
}
