import Presentation

/// The part of a feature's state that holds its toast: the short notice shown after something happened, with an
/// optional undo. The reducer decides every toast here; the toast timer
/// (``FeatureKit/FeatureModule/withToasts(_:expired:for:)``) only carries out what this records.
///
/// The toast kit in two names, in the idiom of the other kits (the state's part by its key path, the action's case
/// by its constructor): this slot in the state and ``FeatureKit/FeatureModule/withToasts(_:expired:for:)`` on the
/// module, with one case of the feature's action for the end of a toast's time:
///
/// ```swift
/// public var toast = ToastSlot<Action>()      // in the state; the undo is one of the feature's actions
/// case toastExpired(serial: Int)              // in the action
/// …
/// case .toastExpired(let serial):
///   state.toast.expire(serial)                                   // its time is up
/// case .unsaveFinished(let id, let removed?):
///   state.toast.show("Removed “\(removed.title)”", undo: .restore(removed))
/// case .restore(let item):
///   guard state.toast.takeUndo(.restore(item)) else { return }   // only while the toast offers it
///   …                                                            // put it back, as before
/// ```
///
/// A toast is for a screen on view: ``show(_:undo:)`` does nothing until the feature's screen has appeared
/// (``screenAppeared()``, called on the app's `.appear`). The CLI never shows a screen, so a command never starts a
/// toast or waits for one to go.
public struct ToastSlot<Undo>: Equatable, Codable, Sendable where Undo: Equatable & Codable & Sendable {
  /// The toast shown now, if any.
  public var current: Toast<Undo>?
  /// How many toasts were shown: the serial of the newest. A toast's timer is named by its serial, so a newer toast
  /// starts a time of its own and the actions after the one that showed it do not restart it.
  public var shown: Int
  /// Whether the feature's screen has appeared in this app, so toasts are shown (see ``screenAppeared()``).
  public var screenHasAppeared: Bool

  /// An empty slot, before the screen appeared.
  public init(current: Toast<Undo>? = nil, shown: Int = 0, screenHasAppeared: Bool = false) {
    self.current = current
    self.shown = shown
    self.screenHasAppeared = screenHasAppeared
  }

  /// The feature's screen appeared (the app's `.appear`): from now on toasts are shown.
  public mutating func screenAppeared() {
    screenHasAppeared = true
  }

  /// Shows `text` — replacing the toast shown, if any, and starting its time again — with `undo`, the feature
  /// action that undoes what it says. Nothing happens before the screen appeared (``screenAppeared()``).
  public mutating func show(_ text: String, undo: Undo? = nil) {
    guard screenHasAppeared else { return }
    shown += 1
    current = Toast(text: text, undo: undo, serial: shown)
  }

  /// Whether the toast shown offers `action` as its undo; if it does, the toast goes (the undo is being done).
  /// After the toast's time is up, or once a newer toast replaced it, this is `false`: an undo that comes late does
  /// nothing.
  public mutating func takeUndo(_ action: Undo) -> Bool {
    guard let current, current.undo == action else { return false }
    self.current = nil
    return true
  }

  /// Takes the toast away now.
  public mutating func dismiss() {
    current = nil
  }

  /// The toast numbered `serial` has been shown for its duration (the timer sent the feature's `expired` case): it
  /// goes, unless a newer one replaced it.
  public mutating func expire(_ serial: Int) {
    if current?.serial == serial { current = nil }
  }

  /// The toast as the screen shows it, if any.
  public var node: ToastNode<Undo>? {
    current.map { ToastNode(text: $0.text, undo: $0.undo) }
  }
}
