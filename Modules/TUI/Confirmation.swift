import FeatureKit

/// A question the TUI asks before it throws the user's work away — Esc or `q` on a changed form, `d` on a change in
/// the outbox list — drawn as a small dialog of its own: the first choice carries it out, the second keeps what is
/// there. It opens on the safe choice, so an Enter pressed before reading does nothing destructive; `y` carries it
/// out, `n`, `q` and Esc keep it.
public struct Confirmation: Sendable, Equatable {
  /// What answering yes does.
  public enum Outcome: Sendable, Equatable {
    /// Dismisses the overlay with its dismiss action, dropping the edits.
    case dismiss(AppAction)
    /// Discards outbox change `id` without sending it (``TUIOutbox/Choice/discard``).
    case discardOutboxEntry(Int64)
  }

  /// The question.
  public var question: String
  /// The two choices: carry out, keep.
  public var choices: [String]
  /// What yes does.
  public var outcome: Outcome
  /// The focused choice (1: keep, the safe one it opens on; 0: carry out).
  public var focus = 1

  /// Asks before discarding a changed form with `dismiss`.
  public static func discard(_ dismiss: AppAction) -> Confirmation {
    Confirmation(question: "Discard your changes?", choices: ["Discard", "Keep editing"], outcome: .dismiss(dismiss))
  }

  /// Asks before discarding outbox change `id`: it is never sent (a conflict: theirs stays).
  public static func discardOutboxEntry(_ id: Int64) -> Confirmation {
    Confirmation(
      question: "Discard change \(id)? It will never be sent.", choices: ["Discard", "Keep it"],
      outcome: .discardOutboxEntry(id))
  }
}
