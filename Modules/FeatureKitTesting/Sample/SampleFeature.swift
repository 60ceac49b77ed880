import Core
import FeatureKit
import LoadingScreenKit

/// A tiny, complete feature for the tests of the kit and of the front ends, so their suites do not each copy one:
/// a loading screen over a menu of dishes (FeatureKit's ``FeatureKit/ScreenLoad``), one action of its own
/// (highlighting a dish), a persisted state (the highlighted dish, kept across runs), two commands (`kumiki menu`,
/// `kumiki menu highlight DISH`) and its static description. It is also the shape a feature folder takes, in
/// small: read it before ``FeatureKit/FeatureModule``'s documentation.
///
/// ```swift
/// let store = TestStore(module: SampleFeature.module(load: { ["Curry", "Ramen"] }))
/// let app = try FeatureRegistry([SampleFeature.module(load: { ["Curry"] }).erased]).assemble()
/// ```
///
/// Its load is whatever the test gives: a closure answering at once, a manual load the test answers by hand, or a
/// load that throws (the screen shows the error and a Retry).
public enum SampleFeature {
  /// The key it mounts under unless told otherwise, also its command group.
  public static let key = "menu"

  /// The mount as help, `kumiki features` and completion show it (what a feature's
  /// ``FeatureKit/FeatureEntry/descriptions`` states): a tab with ``commands``.
  public static let description = FeatureDescription(key: key, title: "Menu", screen: .tab, commands: commands)

  /// Reduces the load with ``FeatureKit/ScreenLoad/reduce(_:key:)``; `highlight` keeps the dish.
  public static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .load(let load): state.load.reduce(load)
    case .highlight(let dish): state.highlighted = dish
    }
  }

  /// The feature as a module: FeatureKit's loading screen over `load` (effect `<key>.load`, loaded on `.appear`,
  /// reloaded on `.refreshAll`), ``present(_:)``, ``commands``, and the highlighted dish persisted (version 1).
  /// - Parameters:
  ///   - key: the key to mount under (`menu`); a second mount can also use ``FeatureKit/FeatureModule/mounted(as:title:configure:)``.
  ///   - load: the dishes, as the test answers them.
  ///   - middlewares: more middlewares, after the load's.
  public static func module(
    key: String = key,
    load: @escaping @Sendable () async throws -> [String],
    middlewares: [Middleware<State, Action>] = []
  ) -> FeatureModule<State, Action> {
    var module = FeatureModule<State, Action>.loadingScreen(
      \.load, action: Action.load, key: key, title: description.title, initialState: State(), reducer: reducer,
      load: load,
      middlewares: middlewares, present: present, commands: commands)
    module.persistence = .property(\.highlighted)
    return module
  }
}
