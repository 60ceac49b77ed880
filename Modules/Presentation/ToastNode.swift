/// A short notice about what just happened — "Saved “鯛めし”", "Profile saved" — with, optionally, the action that
/// undoes it. A front end shows it outside the content (the TUI in its status bar, with `u` sending ``undo``); it
/// takes no room in the layout and no focus.
///
/// A feature rarely builds one itself: FeatureKit's toasts (`ToastSlot`, `FeatureModule.withToasts(_:expired:)`) add it to the
/// screen while the feature's state holds a toast, and take it away when the toast's time is up.
public struct ToastNode<Action: Sendable>: Sendable {
  /// What happened, in a few words.
  public var text: String
  /// The action that undoes it (`nil`: nothing to undo).
  public var undo: Action?

  /// Creates a toast.
  public init(text: String, undo: Action? = nil) {
    self.text = text
    self.undo = undo
  }

  /// The same toast with its action transformed.
  public func map<B: Sendable>(_ f: @Sendable (Action) -> B) -> ToastNode<B> {
    ToastNode<B>(text: text, undo: undo.map(f))
  }
}

extension ToastNode: Equatable where Action: Equatable {}
