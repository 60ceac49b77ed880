/// What a loading screen shows once its load answered: made from the load's response, and able to say whether
/// there is anything to show.
///
/// The mapping runs in the reducer (``ScreenLoad/reduce(_:)``), so the state holds view-ready values and the
/// response itself is only ever in an action.
///
/// ```swift
/// public struct RecipesContent: LoadableContent {
///   public var recipes: [RecipeViewObject]
///   public init(_ response: [Recipe]) { recipes = response.map(RecipeViewObject.init) }
///   public var isEmpty: Bool { recipes.isEmpty }
/// }
/// ```
public protocol LoadableContent: Equatable, Codable, Sendable {
  /// What the screen's load returns (the client's answer, e.g. a list of entities).
  associatedtype Response: Equatable, Codable, Sendable

  /// The content for a response: the response mapped to what the screen shows.
  init(_ response: Response)

  /// Whether there is nothing to show, which the screen's load phase reports as ``LoadPhase/empty`` instead of
  /// ``LoadPhase/loaded(_:)``. Content that is never empty keeps the default, `false`.
  var isEmpty: Bool { get }
}

extension LoadableContent {
  /// Never empty: content that always has something to show.
  public var isEmpty: Bool { false }
}
