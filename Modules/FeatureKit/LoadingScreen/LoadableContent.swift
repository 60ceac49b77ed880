/// What a loading screen shows once its load answered: made from the load's response, and able to say whether
/// there is anything to show.
///
/// The content holds the API's items as they were decoded, one type per item: what the screen needs beyond an
/// item's fields (a date as `yyyy/MM/dd`, a checked URL) is computed from it where it is read, so a new field in the
/// API is one edit in one file. ``ScreenLoad/reduce(_:)`` makes the content from the response in the reducer.
///
/// Content that is the response itself (several endpoints' answers as one value) adopts the protocol with nothing
/// more: `Response` defaults to the content type and `init(_:)` to taking the response as it is.
///
/// ```swift
/// public struct RecipesContent: LoadableContent {   // the load returns [Recipe]
///   public var recipes: [Recipe]                     // the decoded items, as the API sent them
///   public init(_ response: [Recipe]) { recipes = response }
///   public var isEmpty: Bool { recipes.isEmpty }
/// }
///
/// public struct KitchenContent: LoadableContent {   // the load returns KitchenContent (Response == Self)
///   public var recipes: [Recipe]
///   public var chefs: [Chef]
/// }
/// ```
public protocol LoadableContent: Equatable, Codable, Sendable {
  /// What the screen's load returns (the client's answer, e.g. a list of decoded items); the content itself by
  /// default.
  associatedtype Response: Equatable, Codable, Sendable = Self

  /// The content for a response.
  init(_ response: Response)

  /// Whether there is nothing to show, which the screen's load phase reports as ``LoadPhase/empty`` instead of
  /// ``LoadPhase/loaded(_:)``. Content that is never empty keeps the default, `false`.
  var isEmpty: Bool { get }
}

extension LoadableContent {
  /// Never empty: content that always has something to show.
  public var isEmpty: Bool { false }
}

extension LoadableContent where Response == Self {
  /// The content is the response: taken as it is.
  public init(_ response: Self) {
    self = response
  }
}
