import Core

extension Reducer {
  /// This reducer with the toast's bookkeeping around it: before every action it clears the ``ToastSlot`` at
  /// `toast`'s ``ToastSlot/startsTimer``, so only the action that showed a toast starts its time. Every action
  /// reaches this reducer, which decides toasts with ``ToastSlot/show(_:undo:)`` and ``ToastSlot/takeUndo(_:)``, and
  /// ends one with ``ToastSlot/expire(_:)`` when the timer says its time is up.
  ///
  /// Make it the feature's reducer, so the app, replays and tests written from recorded sessions run the same:
  ///
  /// ```swift
  /// public static let reducer = Reducer<State, Action> { state, action in
  ///   switch action {
  ///   case .toastExpired(let serial): state.toast.expire(serial)   // sent by the module's toast timer
  ///   case .deleted(let recipe): state.toast.show("Deleted “\(recipe.title)”", undo: .restore(recipe))
  ///   …
  ///   }
  /// }.withToasts(\.toast)
  /// ```
  public func withToasts<Undo>(_ toast: any WritableKeyPath<State, ToastSlot<Undo>> & Sendable) -> Reducer {
    let reduce = self.reduce
    return Reducer { state, action in
      if state[keyPath: toast].startsTimer { state[keyPath: toast].startsTimer = false }
      reduce(&state, action)
    }
  }
}
