/// A feature action that carries a loading screen's ``LoadAction``s in one case, `load`: how the load middleware
/// sends the load's answers and recognises the actions whose decision it carries out.
///
/// ```swift
/// public enum Action: ScreenLoadAction, Equatable, Codable, Sendable {
///   case load(LoadAction<[Recipe]>)   // satisfies `static func load(_:)`
///   case select(Int)                  // anything else the screen does
///
///   public var load: LoadAction<[Recipe]>? { if case .load(let action) = self { action } else { nil } }
/// }
/// ```
public protocol ScreenLoadAction: Sendable {
  /// What the screen's load returns.
  associatedtype Response: Equatable, Codable, Sendable
  /// The feature action carrying `action` (the enum case `load`).
  static func load(_ action: LoadAction<Response>) -> Self
  /// The load action this action carries, or `nil` for the feature's other actions.
  var load: LoadAction<Response>? { get }
}

/// A screen whose actions are its load's alone (`typealias Action = LoadAction<Response>`, what `make feature`
/// writes): every action is a load action.
extension LoadAction: ScreenLoadAction {
  /// The action itself.
  public static func load(_ action: LoadAction) -> LoadAction { action }
  /// The action itself.
  public var load: LoadAction? { self }
}
