import Core

extension Middleware {
  /// Carries out the toasts the reducer decided: while the ``ToastSlot`` at `toast` shows a toast, its timer runs —
  /// started by the action that showed it, as effect `<id>.<serial>` (``Core/MiddlewareContext/runOnce(id:after:_:)``,
  /// so the actions after it leave it be and a list read back after a save does not extend it) — and after
  /// `duration` on the store's clock (`context.clock`) sends `expired` with the toast's serial. A newer toast cancels
  /// the timer of the one it replaced and starts its own, so each toast shows for the whole `duration`. It judges
  /// nothing itself and keeps no memory: the toast shown is what it follows.
  static func toastTimer<Undo>(
    id: EffectID, duration: Duration, toast: any KeyPath<State, ToastSlot<Undo>> & Sendable,
    expired: @escaping @Sendable (_ serial: Int) -> Action
  ) -> Middleware {
    .after { context, _ in
      guard let serial = context.state[keyPath: toast].current?.serial else { return }
      context.cancel(id: EffectID("\(id.rawValue).\(serial - 1)"))
      context.runOnce(id: EffectID("\(id.rawValue).\(serial)"), after: duration) { send in send(expired(serial)) }
    }
  }
}
