import Core

extension HomeFeature {
  /// Home's state transitions. Load actions go to ``FeatureKit/ScreenLoad/reduce(_:)``, which decides whether a load
  /// starts and keeps the ``HomeContent`` it answered (all five sections empty: `.empty`); the detail closes whenever
  /// there is no content under it. Choosing an item copies it into `detail`.
  public static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .load(let load):
      state.load.reduce(load)
      if state.load.content == nil { state.detail = nil }
    case .select(let item):
      guard let detail = state.load.content?.detail(for: item) else { return }
      state.detail = detail
    case .closeDetail:
      state.detail = nil
    case .searchCampaign:
      break  // a route request: the app opens Archive's search (HomeFeature+Routes.swift)
    }
  }
}
