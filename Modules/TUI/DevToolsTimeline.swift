import FeatureKit
import Synchronization

/// A snapshot of DevTools' history that rebuilds the state after any of its actions: the state before the oldest
/// action (DevTools' base), the actions, and the store's reducer to replay them with.
///
/// The history is linear, so the state after sequence number *s* is one value whatever snapshot computes it: the
/// last two computed are kept in a cache shared by every snapshot of one DevTools (``DevToolsReplayCache``), so
/// stepping forward through the history (or a live panel showing the newest action) replays one action per step.
/// A step backward replays from the base (at most the history's length).
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

/// The two states a ``DevToolsTimeline`` used last (rebuilt or started from), with their sequence numbers: a frame
/// reads the selected action's state after and before it, so the next step forward starts from one of them.
final class DevToolsReplayCache: Sendable {
  private let recent = Mutex<[(sequence: Int, state: AppState)]>([])

  /// The latest cached state from which replaying reaches `sequence` in a history starting after `baseSequence`.
  func start(for sequence: Int, from baseSequence: Int) -> (Int, AppState)? {
    recent.withLock { recent in
      let usable = recent.indices.filter { (baseSequence...sequence).contains(recent[$0].sequence) }
      guard let best = usable.max(by: { recent[$0].sequence < recent[$1].sequence }) else { return nil }
      let entry = recent.remove(at: best)
      recent.append(entry)  // the least recently used one goes first
      return (entry.sequence, entry.state)
    }
  }

  func keep(_ state: AppState, at sequence: Int) {
    recent.withLock { recent in
      recent.removeAll { $0.sequence == sequence }
      recent.append((sequence, state))
      if recent.count > 2 { recent.removeFirst() }
    }
  }

  func clear() { recent.withLock { $0 = [] } }
}
