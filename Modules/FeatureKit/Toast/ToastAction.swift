/// What happens to a toast by itself: its time is up. Sent by the toast timer
/// (``Core/Middleware/toastTimer(id:duration:)``), handled by ``Core/Reducer/withToasts()``.
public enum ToastAction: Equatable, Codable, Sendable {
  /// The toast numbered `serial` has been shown for its duration: it goes, unless a newer one replaced it.
  case expired(serial: Int)
}
