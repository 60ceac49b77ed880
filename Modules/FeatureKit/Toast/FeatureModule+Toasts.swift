import Core
import FeatureKit
import Presentation

extension FeatureModule
where State: ToastingState, Action: ToastingAction, State.Undo == Action {
  /// This module with toasts: the short notices its reducer shows in ``ToastingState/toast`` appear on its screen
  /// (a ``Presentation/ToastNode`` after the feature's own view: the TUI's status bar, where `u` sends the undo) and
  /// go after `duration` (the toast timer, ``Core/Middleware/toastTimer(id:duration:)``, effect `toast` in the
  /// mount's namespace, on the store's clock). The feature's reducer must be wrapped in
  /// ``Core/Reducer/withToasts()``.
  ///
  /// ```swift
  /// FeatureModule(key: "recipes", title: "Recipes", initialState: State(), reducer: reducer,
  ///               middlewares: middlewares, present: present).withToasts()
  /// ```
  public func withToasts(for duration: Duration = Toast<Action>.duration) -> FeatureModule {
    var module = self
    module.middlewares.append(.toastTimer(id: "toast", duration: duration))
    if let present = module.present {
      module.present = { state in
        let view = present(state)
        guard let toast = state.toast.node else { return view }
        return .stack([view, .toast(toast)])
      }
    }
    return module
  }
}
