/// Where a write stands, which is what its form shows: nothing yet, sending (the controls disabled), sent (a success
/// message), queued in the outbox (a pending note), failed (the error with Retry), or in conflict (someone else changed
/// the item since the screen showed it: Keep mine, Take theirs, Edit again).
public enum MutationPhase<Input: Equatable & Codable & Sendable, Output: Equatable & Codable & Sendable>: Equatable,
  Codable, Sendable
{
  /// Nothing submitted since the form opened (or ever), or the last outcome was dismissed.
  case idle
  /// The write of this input is in flight.
  case sending(Input)
  /// The server accepted the write and answered this.
  case sent(Output)
  /// The API could not be reached and the write waits in the app's outbox (``Networking/WriteQueued``), with `pending`
  /// writes waiting in all: not an error — the change is shown as made and will be sent later.
  case queued(Input, pending: Int)
  /// The write of this input failed or was refused, with the message for the user; Retry sends the input again.
  case failed(Input, message: String)
  /// The server refused the write of this input because the item changed since the screen showed it (`412
  /// Precondition Failed` to its `If-Match`): nothing was written, the optimistic change was rolled back, and the
  /// screens read the server's item again. The feature offers three choices: Keep mine (`.retry`: sent again without
  /// the condition, over the other change), Take theirs (`.reset` and close the form: the server's item stays) and Edit
  /// again (`.reset` with the form kept: the next submit is conditional on the item now shown).
  case conflict(Input, message: String)
}

extension MutationPhase {
  /// Whether a write is in flight: what a form's controls read to disable themselves.
  public var isSending: Bool {
    if case .sending = self { true } else { false }
  }

  /// The server's answer when ``sent(_:)``, otherwise `nil`.
  public var output: Output? {
    if case .sent(let output) = self { output } else { nil }
  }

  /// The failure's message when ``failed(_:message:)``, otherwise `nil` (a conflict is not a failure to retry:
  /// ``conflict(_:message:)`` offers its own choices).
  public var failure: String? {
    if case .failed(_, let message) = self { message } else { nil }
  }

  /// "1 change waiting to send" when ``queued(_:pending:)``, otherwise `nil`.
  public var queuedNote: String? {
    guard case .queued(_, let pending) = self else { return nil }
    return "\(pending) \(pending == 1 ? "change" : "changes") waiting to send"
  }
}
