import Core

extension Middleware {
  /// Carries out the toasts the reducer decided: after an action that showed one (``ToastSlot/startsTimer``), waits
  /// `duration` on the store's clock (`context.clock`) as effect `id` and sends `expired` with the toast's serial.
  /// A newer toast restarts the wait (the same `id` replaces the one waiting), so each toast shows for the whole
  /// `duration`. It judges nothing itself and keeps no memory: an action that showed no toast starts nothing.
  static func toastTimer<Undo>(
    id: EffectID, duration: Duration, toast: any KeyPath<State, ToastSlot<Undo>> & Sendable,
    expired: @escaping @Sendable (_ serial: Int) -> Action
  ) -> Middleware {
    .after { context, _ in
      let slot = context.state[keyPath: toast]
      guard slot.startsTimer, let serial = slot.current?.serial else { return }
      context.run(id: id, debounce: duration) { send in send(expired(serial)) }
    }
  }
}
