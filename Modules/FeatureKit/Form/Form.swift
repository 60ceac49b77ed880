import MutationKit
import ToastKit

/// A form's state: what the fields hold (``FormDraft``), which were edited (their broken rules show under them as
/// the user types; an untouched field shows its rules in words), the send on FeatureKit's write shape
/// (``Mutation``), and the toast after a send. Its fields are not in it: they are the feature's constant list,
/// passed to ``reduce(_:fields:)``.
public struct Form: ToastingState, Equatable, Codable, Sendable {
  /// What the fields hold.
  public var draft: FormDraft
  /// The keys of the fields edited since the form was last cleared.
  public var edited: Set<String>
  /// Sending the draft: in flight (fields and Send disabled), failed with Retry, queued in the outbox, or sent —
  /// answered by the item the server stored, read as a draft.
  public var send: Mutation<FormDraft, FormDraft>
  /// "Sent #4" for a few seconds after a send.
  public var toast = ToastSlot<FormAction>()

  /// An empty form of `fields`, before anything was sent.
  public init(_ fields: [FormField]) {
    draft = FormDraft(fields)
    edited = []
    send = Mutation()
  }

  /// The message under `field`: the rule it breaks once it was edited, else `nil`.
  public func message(_ field: FormField) -> String? {
    edited.contains(field.key) ? field.problem(draft[field.key]) : nil
  }

  /// Whether Send does something: every field keeps its rules and nothing is in flight.
  public func canSend(_ fields: [FormField]) -> Bool {
    !send.isSending && draft.problems(fields).isEmpty
  }

  /// Applies `action`: an edit changes the draft (not while sending) and drops the last outcome; a submit or Retry
  /// whose draft breaks a rule sends nothing, anything else goes to ``Mutation/reduce(_:)``; a send that succeeded
  /// or was queued clears the form, the first with the toast "Sent #id".
  public mutating func reduce(_ action: FormAction, fields: [FormField]) {
    switch action {
    case .appeared:
      toast.screenAppeared()
    case .edited(let key, let value):
      guard !send.isSending, fields.contains(where: { $0.key == key }) else { return }
      draft[key] = value
      edited.insert(key)
      if send.phase != .idle { send.reduce(.reset) }
    case .send(let action):
      switch action {
      case .submit(let draft) where !draft.problems(fields).isEmpty:
        send.startsWrite = false
      case .succeeded(let stored, _):
        guard send.reduce(action) else { return }
        (draft, edited) = (FormDraft(fields), [])
        toast.show(stored["id"].isEmpty ? "Sent" : "Sent #\(stored["id"])")
      case .queued:
        guard send.reduce(action) else { return }
        (draft, edited) = (FormDraft(fields), [])
      default:
        send.reduce(action)
      }
    case .toast:
      break  // withToasts() handles it
    }
  }
}
