import Core
import CoreTesting
import FeatureKit
import Testing

extension TestStore {
  /// A test store over a feature module exactly as the app runs it: its initial state (or `initialState`), its
  /// reducer and its middlewares, built from whatever clients the module was made with (fakes in a feature suite).
  ///
  /// ```swift
  /// let store = TestStore(module: HomeFeature.module(client: .live(http: FixtureAPI.client(), baseURL: FixtureAPI.baseURL)))
  /// await store.send(.appeared) { $0.load = .loading }
  /// ```
  public convenience init(
    module: FeatureModule<State, Action>,
    initialState: State? = nil,
    clock: any Clock<Duration> = ContinuousClock(),
    exhaustivity: Exhaustivity = .on,
    sourceLocation: SourceLocation = #_sourceLocation
  ) where State: Codable, Action: Codable {
    self.init(
      initialState: initialState ?? module.initialState, reducer: module.reducer, middlewares: module.middlewares,
      clock: clock, exhaustivity: exhaustivity, sourceLocation: sourceLocation)
  }
}
