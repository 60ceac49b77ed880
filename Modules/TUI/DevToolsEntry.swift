import Core
import FeatureKit
import Foundation

/// One action DevTools saw reach the reducer, with the states before and after it.
///
/// DevTools keeps actions, not states: ``before`` and ``after`` are rebuilt on demand by replaying the recorded
/// actions from the oldest state it keeps (see ``DevTools``), so reading them costs reducer runs — read them for
/// the entries you show.
public struct DevToolsEntry: Sendable {
  /// 1-based position in the session (keeps counting when old entries are dropped).
  public let sequence: Int
  /// When the action reached the reducer.
  public let timestamp: Date
  /// The action.
  public let action: AppAction
  /// Who dispatched it.
  public let source: ActionSource
  /// The history its states are rebuilt from.
  let timeline: DevToolsTimeline

  /// The app state just before the reducer ran.
  public var before: AppState { timeline.state(after: sequence - 1) }

  /// The app state the reducer produced.
  public var after: AppState { timeline.state(after: sequence) }
}
