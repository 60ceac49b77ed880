extension HomeFeature {
  /// What the Home screen shows. The phase says which of idle, loading, content, empty or error is on screen;
  /// `detail` is the item whose detail overlay is open.
  public struct State: Equatable, Codable, Sendable {
    /// Where loading stands.
    public var phase: Phase
    /// The chosen item, shown as an overlay above the content; `nil` when none is open.
    public var detail: HomeDetail?

    /// Creates a state; the defaults are the state before the first appearance.
    public init(phase: Phase = .idle, detail: HomeDetail? = nil) {
      self.phase = phase
      self.detail = detail
    }
  }

  /// The screen's load state.
  public enum Phase: Equatable, Codable, Sendable {
    /// Nothing requested yet (the screen has not appeared).
    case idle
    /// The five endpoints are being fetched.
    case loading
    /// Everything arrived and at least one section has items.
    case loaded(HomeContent)
    /// Everything arrived and every section is empty.
    case empty
    /// A fetch failed; the message is for the user, and Retry loads again.
    case failed(String)
  }
}

extension HomeFeature.Phase {
  /// The content when loaded, otherwise `nil`.
  public var content: HomeContent? {
    if case .loaded(let content) = self { content } else { nil }
  }
}
