import Core
import FeatureKit
import Presentation

extension FeatureModule {
  /// This module with toasts: the short notices its reducer shows in the ``ToastSlot`` at `toast` appear on its
  /// screen (a ``Presentation/ToastNode`` after the feature's own view: the TUI's status bar, where `u` sends the
  /// undo), and `duration` after the action that showed one the module sends `expired` with its serial (the toast
  /// timer: effect `toast.<serial>` in the mount's namespace, on the store's clock; a newer toast cancels it and
  /// starts its own). The feature's reducer ends the toast on `expired` (``ToastSlot/expire(_:)``); nothing wraps it,
  /// so the module's reducer is the feature's own.
  ///
  /// ```swift
  /// FeatureModule(key: "recipes", title: "Recipes", initialState: State(), reducer: reducer,
  ///               middlewares: middlewares, present: present)
  ///   .withToasts(\.toast, expired: Action.toastExpired)
  /// ```
  public func withToasts(
    _ toast: any KeyPath<State, ToastSlot<Action>> & Sendable,
    expired: @escaping @Sendable (_ serial: Int) -> Action,
    for duration: Duration = Toast<Action>.duration
  ) -> FeatureModule {
    var module = self
    module.middlewares.append(.toastTimer(id: "toast", duration: duration, toast: toast, expired: expired))
    if let present = module.present {
      module.present = { state in
        let view = present(state)
        guard let node = state[keyPath: toast].node else { return view }
        return .stack([view, .toast(node)])
      }
    }
    return module
  }
}
