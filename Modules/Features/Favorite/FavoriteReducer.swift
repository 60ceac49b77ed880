import Core

extension FavoriteFeature {
  /// Favorite's state transitions. Load actions go to ``FeatureKit/ScreenLoad/reduce(_:)``, which decides whether a
  /// load starts and keeps the scenes as ``FavoriteContent`` (no scenes: `.empty`); the detail closes whenever there
  /// is no content under it. Choosing a scene copies it into `detail`.
  public static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .load(let load):
      state.load.reduce(load)
      if state.load.content == nil { state.detail = nil }
    case .select(let id):
      guard let scene = state.load.content?.scenes.first(where: { $0.id == id }) else { return }
      state.detail = scene
    case .closeDetail:
      state.detail = nil
    }
  }
}
