/// What a loading screen shows once its load answered: made from the load's response, and able to say whether
/// there is anything to show.
///
/// The content holds the API's items as they were decoded, one type per item: what the screen needs beyond an
/// item's fields (a date as `yyyy/MM/dd`, a checked URL) is computed from it where it is read, so a new field in the
/// API is one edit in one file. ``ScreenLoad/reduce(_:key:)`` makes the content from the response in the reducer.
///
/// Content that is the response itself (several endpoints' answers as one value) adopts the protocol with nothing
/// more: `Response` defaults to the content type and `init(_:)` to taking the response as it is.
///
/// A search that loads as the user types, in pages, says more, each with a default the other screens keep: the
/// ``Key`` of a response (its conditions, so an answer for an old search is dropped), ``update(with:)`` (a second
/// answer for the content on screen), ``hasMore`` and ``append(_:)`` (the next page, ``LoadAction/more``).
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

  /// What a keyed screen's load is for (a search's conditions, ``key(of:)``); `Never` by default: a load with no key.
  associatedtype Key: Equatable & Sendable = Never

  /// Whether there is nothing to show, which the screen's load phase reports as ``LoadPhase/empty`` instead of
  /// ``LoadPhase/loaded(_:)``. Content that is never empty keeps the default, `false`.
  var isEmpty: Bool { get }

  /// The key a response answers (the search term it was loaded for), which ``ScreenLoad/reduce(_:key:)`` compares
  /// with the state's current one to drop an answer for an old key. `nil` by default: every answer is the screen's.
  static func key(of response: Response) -> Key?

  /// Takes a second answer for the content on screen (a stale answer refreshed, a poll, a Retry of offline content);
  /// by default the answer replaces the content. Paged content keeps the pages ``append(_:)`` added. Returns
  /// whether it took the answer: `false` for one it does not await (a page past those shown), which changes
  /// nothing — neither the content nor where it came from.
  mutating func update(with response: Response) -> Bool

  /// Whether there is a next page for ``LoadAction/more`` to load; `false` by default (content with no pages).
  var hasMore: Bool { get }

  /// Adds the next page (``LoadAction/moreLoaded(_:)``) to the content; by default nothing (content with no pages).
  mutating func append(_ page: Response)
}

extension LoadableContent {
  /// Never empty: content that always has something to show.
  public var isEmpty: Bool { false }

  /// No key: every answer is the screen's.
  public static func key(of response: Response) -> Key? { nil }

  /// The answer replaces the content.
  public mutating func update(with response: Response) -> Bool {
    self = Self(response)
    return true
  }

  /// No next page.
  public var hasMore: Bool { false }

  /// No pages: nothing to add.
  public mutating func append(_ page: Response) {}
}

extension LoadableContent where Response == Self {
  /// The content is the response: taken as it is.
  public init(_ response: Self) {
    self = response
  }
}
