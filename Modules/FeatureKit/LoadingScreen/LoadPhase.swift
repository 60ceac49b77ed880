/// Where a screen's load stands, which is what the screen shows: nothing yet, a spinner, its content, an empty
/// hint, or an error with Retry.
public enum LoadPhase<Content: Equatable & Codable & Sendable>: Equatable, Codable, Sendable {
  /// Nothing requested yet (the screen has not appeared).
  case idle
  /// A load is in flight.
  case loading
  /// The load answered with something to show.
  case loaded(Content)
  /// The load answered with nothing to show (``LoadableContent/isEmpty``).
  case empty
  /// The load failed; the message is for the user, and Retry loads again.
  case failed(String)

  /// The content when loaded, otherwise `nil`.
  public var content: Content? {
    if case .loaded(let content) = self { content } else { nil }
  }
}
