extension ProfileFeature {
  /// What the Profile screen shows. The phase says which of idle, loading, content or error is on screen (an
  /// empty information tab says so within the content); `selectedTab` is the information tab on show and
  /// `detail` the item whose overlay is open.
  public struct State: Equatable, Codable, Sendable {
    /// Where loading stands.
    public var phase: Phase
    /// The information tab on show.
    public var selectedTab: InformationTab
    /// The chosen information item, shown as an overlay; `nil` when none is open.
    public var detail: ProfileDetail?

    /// Creates a state; the defaults are the state before the first appearance.
    public init(phase: Phase = .idle, selectedTab: InformationTab = .announcements, detail: ProfileDetail? = nil) {
      self.phase = phase
      self.selectedTab = selectedTab
      self.detail = detail
    }
  }

  /// The screen's load state.
  public enum Phase: Equatable, Codable, Sendable {
    /// Nothing requested yet (the screen has not appeared).
    case idle
    /// The four endpoints are being fetched.
    case loading
    /// Everything arrived.
    case loaded(ProfileContent)
    /// A fetch failed; the message is for the user, and Retry loads again.
    case failed(String)
  }
}

extension ProfileFeature.Phase {
  /// The content when loaded, otherwise `nil`.
  public var content: ProfileContent? {
    if case .loaded(let content) = self { content } else { nil }
  }
}
