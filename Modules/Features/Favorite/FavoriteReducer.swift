import Core

extension FavoriteFeature {
  /// Favorite's state transitions. Requesting sets loading; the answer is mapped to view objects (or to empty);
  /// choosing a scene copies it into `detail`.
  public static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .appear:
      guard state.phase == .idle else { return }
      state.phase = .loading
    case .refresh, .retry:
      state.phase = .loading
      state.detail = nil
    case .loaded(let scenes):
      state.phase = scenes.isEmpty ? .empty : .loaded(scenes.map(FavoriteSceneViewObject.init))
    case .failed(let message):
      state.phase = .failed(message)
      state.detail = nil
    case .select(let id):
      guard let scene = state.phase.scenes?.first(where: { $0.id == id }) else { return }
      state.detail = scene
    case .closeDetail:
      state.detail = nil
    }
  }
}
