import Core

extension HomeFeature {
  /// Home's state transitions. Requesting sets loading; a response is mapped to view objects (or to empty);
  /// choosing an item copies it into `detail`.
  public static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .appear:
      guard state.phase == .idle else { return }
      state.phase = .loading
    case .refresh, .retry:
      state.phase = .loading
      state.detail = nil
    case .loaded(let response):
      let content = HomeContent(response)
      state.phase = content.isEmpty ? .empty : .loaded(content)
    case .failed(let message):
      state.phase = .failed(message)
      state.detail = nil
    case .select(let item):
      guard let detail = state.phase.content?.detail(for: item) else { return }
      state.detail = detail
    case .closeDetail:
      state.detail = nil
    }
  }
}
