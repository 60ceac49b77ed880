/// One short notice a feature shows after something happened — "Saved “鯛めし”", "Profile saved" — for
/// ``duration``, with the action that undoes it when there is one. Held by a ``ToastSlot`` in the feature's state.
public struct Toast<Undo>: Equatable, Codable, Sendable where Undo: Equatable & Codable & Sendable {
  /// What happened, in a few words.
  public var text: String
  /// The feature action that undoes it (`nil`: nothing to undo).
  public var undo: Undo?
  /// Which toast this is: the slot numbers the toasts it shows 1, 2, 3…, so the end of an older toast's time can
  /// never take away a newer one.
  public var serial: Int

  /// Creates a toast.
  public init(text: String, undo: Undo? = nil, serial: Int) {
    self.text = text
    self.undo = undo
    self.serial = serial
  }

  /// How long a toast shows unless a newer one replaces it: long enough to read it and press `u`.
  public static var duration: Duration { .seconds(5) }
}
