import FeatureKit
import MutationKit

/// Everything that can happen to a form made with ``FeatureKit/FeatureModule/form(_:fields:intent:send:)``.
public enum FormAction: Equatable, Codable, Sendable {
  /// The screen appeared (`AppEvent.appear`): from now on a send shows its toast; the command never sends it.
  case appeared
  /// A field was edited (every keystroke, paste, chip or Space): its key and its whole new value.
  case edited(String, String)
  /// Sending the draft (``Mutation/Action``): `.submit(draft)` from Send or the command, `.retry` after a failure;
  /// the send effect answers `.succeeded(stored)`, `.queued` (the outbox kept it) or `.failed(message)`.
  case send(Mutation<FormDraft, FormDraft>.Action)
  /// The toast numbered `serial` has been shown for its time (sent by the toast timer).
  case toastExpired(serial: Int)
}
