/// A feature state that holds a ``ToastSlot``, as `toast`: what the toast reducer, timer and screen read.
///
/// ```swift
/// public struct State: ToastingState, Equatable, Codable, Sendable {
///   public var toast = ToastSlot<Action>()     // the undo is one of the feature's actions
/// }
/// ```
public protocol ToastingState: Sendable {
  /// The action that undoes what a toast says: the feature's own action type.
  associatedtype Undo: Equatable & Codable & Sendable
  /// The feature's toast.
  var toast: ToastSlot<Undo> { get set }
}
