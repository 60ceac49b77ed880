/// A feature action that carries the toast's own actions (``ToastAction``) in one case, `toast`.
///
/// ```swift
/// public enum Action: ToastingAction, Equatable, Codable, Sendable {
///   case toast(ToastAction)         // satisfies `static func toast(_:)`
///   case restore(Recipe)            // an undo is an action of the feature's own
///
///   public var toast: ToastAction? { if case .toast(let action) = self { action } else { nil } }
/// }
/// ```
public protocol ToastingAction: Sendable {
  /// The feature action carrying `action` (the enum case `toast`).
  static func toast(_ action: ToastAction) -> Self
  /// The toast action this action carries, or `nil` for the feature's other actions.
  var toast: ToastAction? { get }
}
