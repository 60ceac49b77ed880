import FeatureKit
import MutationKit
import ToastKit

/// Everything that can happen to a form made with ``FeatureKit/FeatureModule/form(_:fields:intent:send:)``.
public enum FormAction: ToastingAction, Equatable, Codable, Sendable {
  /// The screen appeared (`AppEvent.appear`): from now on a send shows its toast; the command never sends it.
  case appeared
  /// A field was edited (every keystroke, paste, chip or Space): its key and its whole new value.
  case edited(String, String)
  /// Sending the draft (``MutationAction``): `.submit(draft)` from Send or the command, `.retry` after a failure;
  /// the send effect answers `.succeeded(stored)`, `.queued` (the outbox kept it) or `.failed(message)`.
  case send(MutationAction<FormDraft, FormDraft>)
  /// The toast's own actions (its time is up).
  case toast(ToastAction)

  /// The toast action this action carries, if any.
  public var toast: ToastAction? {
    if case .toast(let action) = self { action } else { nil }
  }

  /// The send action this action carries, if any.
  public var send: MutationAction<FormDraft, FormDraft>? {
    if case .send(let action) = self { action } else { nil }
  }
}
