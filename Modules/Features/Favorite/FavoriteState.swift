extension FavoriteFeature {
  /// What the Favorite screen shows. The phase says which of idle, loading, content, empty or error is on
  /// screen; `detail` is the scene whose detail overlay is open.
  public struct State: Equatable, Codable, Sendable {
    /// Where loading stands.
    public var phase: Phase
    /// The chosen scene, shown as an overlay above the cards; `nil` when none is open.
    public var detail: FavoriteSceneViewObject?

    /// Creates a state; the defaults are the state before the first appearance.
    public init(phase: Phase = .idle, detail: FavoriteSceneViewObject? = nil) {
      self.phase = phase
      self.detail = detail
    }
  }

  /// The screen's load state.
  public enum Phase: Equatable, Codable, Sendable {
    /// Nothing requested yet (the screen has not appeared).
    case idle
    /// `/favorite_scenes` is being fetched.
    case loading
    /// The scenes, in API order (never empty).
    case loaded([FavoriteSceneViewObject])
    /// The API answered with no scenes.
    case empty
    /// The fetch failed; the message is for the user, and Retry loads again.
    case failed(String)
  }
}

extension FavoriteFeature.Phase {
  /// The scenes when loaded, otherwise `nil`.
  public var scenes: [FavoriteSceneViewObject]? {
    if case .loaded(let scenes) = self { scenes } else { nil }
  }
}
