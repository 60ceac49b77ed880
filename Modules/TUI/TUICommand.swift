import FeatureKit

/// What the UI state machine asks the app loop to do after handling an event.
public enum TUICommand: Sendable, Equatable {
  /// Dispatch an action to the app's store.
  case dispatch(AppAction)
  /// Leave the TUI (restoring the terminal) with exit status 0.
  case quit
  /// Write the DevTools history as JSON Lines and report where in the status bar.
  case exportHistory
  /// Repaint the whole screen (Ctrl-L).
  case redraw
  /// Suspend like Ctrl-Z in a shell; the screen is repainted on resume.
  case suspend
  /// Resolve outbox change `id` as the user chose (``TUIOptions/resolveOutbox``); what happened goes to the status
  /// bar.
  case resolveOutbox(Int64, TUIOutbox.Choice)
}
