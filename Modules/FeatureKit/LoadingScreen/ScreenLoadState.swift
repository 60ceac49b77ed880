/// A feature state that holds a loading screen's ``ScreenLoad``, as `load`. What the load middleware reads
/// (``Core/Middleware/screenLoad(id:load:)``).
///
/// ```swift
/// public struct State: ScreenLoadState, Equatable, Codable, Sendable {
///   public var load = ScreenLoad<RecipesContent>()
///   public var detail: Recipe?   // anything else the screen has
/// }
/// ```
public protocol ScreenLoadState: Sendable {
  /// The screen's content type.
  associatedtype Content: LoadableContent
  /// The screen's load.
  var load: ScreenLoad<Content> { get }
}

/// A screen whose state is its load alone (`typealias State = ScreenLoad<Content>`, what `make feature` writes): the
/// load is the state itself.
extension ScreenLoad: ScreenLoadState {
  /// The state itself.
  public var load: ScreenLoad<Content> { self }
}
