import Core

extension Reducer where State: ToastingState, Action: ToastingAction {
  /// This reducer with the toast's bookkeeping around it: before every action it clears
  /// ``ToastSlot/startsTimer`` (so only the action that showed a toast starts its time), and it handles the
  /// `toast` actions itself (an expiry takes away the toast it names). Every other action reaches this reducer,
  /// which decides toasts with ``ToastSlot/show(_:undo:)`` and ``ToastSlot/takeUndo(_:)``.
  ///
  /// Make it the feature's reducer, so the app, replays and tests written from recorded sessions run the same:
  ///
  /// ```swift
  /// public static let reducer = Reducer<State, Action> { state, action in
  ///   switch action {
  ///   case .toast: break                        // handled by withToasts()
  ///   case .deleted(let recipe): state.toast.show("Deleted “\(recipe.title)”", undo: .restore(recipe))
  ///   …
  ///   }
  /// }.withToasts()
  /// ```
  public func withToasts() -> Reducer {
    let reduce = self.reduce
    return Reducer { state, action in
      if state.toast.startsTimer { state.toast.startsTimer = false }
      if let toast = action.toast {
        state.toast.reduce(toast)
        return
      }
      reduce(&state, action)
    }
  }
}
