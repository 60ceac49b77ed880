import Terminal

/// A clickable area of the last frame, for mouse support.
public struct HitRegion: Sendable, Equatable {
  /// What a click there means.
  public enum Target: Sendable, Equatable {
    /// The app tab at this index (into the tab bar's screens).
    case tab(Int)
    /// The focusable element at this index (see ``FocusCollector``).
    case focusable(Int)
    /// A choice of the TUI's own dialogs: a confirmation's button, a feature switcher's row (by index).
    case choice(Int)
  }

  /// The screen cells it covers.
  public var rect: Rect
  /// What it stands for.
  public var target: Target

  /// Creates a region.
  public init(rect: Rect, target: Target) {
    self.rect = rect
    self.target = target
  }
}
