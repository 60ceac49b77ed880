import Core

extension ProfileFeature {
  /// Profile's state transitions. Requesting sets loading; the response is mapped to view objects; choosing an
  /// information item copies it into `detail`.
  public static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .appear:
      guard state.phase == .idle else { return }
      state.phase = .loading
    case .refresh, .retry:
      state.phase = .loading
      state.detail = nil
    case .loaded(let response):
      state.phase = .loaded(ProfileContent(response))
    case .failed(let message):
      state.phase = .failed(message)
      state.detail = nil
    case .selectTab(let tab):
      state.selectedTab = tab
    case .select(let tab, let id):
      guard let item = state.phase.content?.items(tab).first(where: { $0.id == id }) else { return }
      state.detail = ProfileDetail(tab: tab, item: item)
    case .closeDetail:
      state.detail = nil
    }
  }
}
