import FeatureKit

/// A question the TUI asks before it throws the user's work away — Esc on a changed form, `q` with unsaved edits —
/// drawn as a small dialog of its own: the first choice carries it out, the second keeps editing. `y` and `n` answer
/// too; Esc keeps editing.
public struct Confirmation: Sendable, Equatable {
  /// What answering yes does.
  public enum Outcome: Sendable, Equatable {
    /// Dismisses the overlay with its dismiss action, dropping the edits.
    case dismiss(AppAction)
    /// Leaves the TUI, dropping the edits.
    case quit
  }

  /// The question.
  public var question: String
  /// The two choices: carry out, keep editing.
  public var choices: [String]
  /// What yes does.
  public var outcome: Outcome
  /// The focused choice (0: carry out, the default).
  public var focus = 0

  /// Asks before discarding a changed form with `dismiss`.
  public static func discard(_ dismiss: AppAction) -> Confirmation {
    Confirmation(question: "Discard your changes?", choices: ["Discard", "Keep editing"], outcome: .dismiss(dismiss))
  }

  /// Asks before quitting with a changed form.
  public static let quit = Confirmation(
    question: "Quit and discard your changes?", choices: ["Quit", "Keep editing"], outcome: .quit)
}
