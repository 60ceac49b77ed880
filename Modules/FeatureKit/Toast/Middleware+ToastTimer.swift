import Core

extension Middleware where State: ToastingState, Action: ToastingAction {
  /// Carries out the toasts the reducer decided: after an action that showed one (``ToastSlot/startsTimer``), waits
  /// `duration` on the store's clock (`context.clock`) as effect `id` and sends `.toast(.expired(serial:))` for it.
  /// A newer toast restarts the wait (the same `id` replaces the one waiting), so each toast shows for the whole
  /// `duration`. It judges nothing itself and keeps no memory: an action that showed no toast starts nothing.
  public static func toastTimer(id: EffectID, duration: Duration) -> Middleware {
    .after { context, _ in
      let toast = context.state.toast
      guard toast.startsTimer, let serial = toast.current?.serial else { return }
      context.run(id: id, debounce: duration) { send in send(.toast(.expired(serial: serial))) }
    }
  }
}
