import Core
import FeatureKit
import Foundation

/// One action DevTools saw reach the reducer, with the states before and after it.
///
/// DevTools keeps actions, not states: ``before`` and ``after`` are rebuilt on demand by replaying the recorded
/// actions from the oldest state it keeps (see ``DevTools``), so reading them costs reducer runs — read them for
/// the entries you show.
public struct DevToolsEntry: Sendable {
  enum States: Sendable {
    case given(before: AppState, after: AppState)
    case replayed(DevToolsTimeline, sequence: Int)
  }

  /// 1-based position in the session (keeps counting when old entries are dropped).
  public let sequence: Int
  /// When the action reached the reducer.
  public let timestamp: Date
  /// The action.
  public let action: AppAction
  /// Who dispatched it (`nil` for an entry made without one).
  public let source: ActionSource?
  let states: States

  /// The app state just before the reducer ran.
  public var before: AppState {
    switch states {
    case .given(let before, _): before
    case .replayed(let timeline, let sequence): timeline.state(after: sequence - 1)
    }
  }

  /// The app state the reducer produced.
  public var after: AppState {
    switch states {
    case .given(_, let after): after
    case .replayed(let timeline, let sequence): timeline.state(after: sequence)
    }
  }

  /// Creates an entry holding its states.
  public init(
    sequence: Int, timestamp: Date, action: AppAction, source: ActionSource? = nil, before: AppState,
    after: AppState
  ) {
    self.init(
      sequence: sequence, timestamp: timestamp, action: action, source: source,
      states: .given(before: before, after: after))
  }

  init(sequence: Int, timestamp: Date, action: AppAction, source: ActionSource?, states: States) {
    self.sequence = sequence
    self.timestamp = timestamp
    self.action = action
    self.source = source
    self.states = states
  }
}
