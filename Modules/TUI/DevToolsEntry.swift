import FeatureKit
import Foundation

/// One action DevTools saw reach the reducer, with the state before and after it.
public struct DevToolsEntry: Sendable {
  /// 1-based position in the session (keeps counting when old entries are dropped).
  public let sequence: Int
  /// When the action reached the reducer.
  public let timestamp: Date
  /// The action.
  public let action: AppAction
  /// The app state just before the reducer ran.
  public let before: AppState
  /// The app state the reducer produced.
  public let after: AppState

  /// Creates an entry.
  public init(sequence: Int, timestamp: Date, action: AppAction, before: AppState, after: AppState) {
    self.sequence = sequence
    self.timestamp = timestamp
    self.action = action
    self.before = before
    self.after = after
  }
}
