import Presentation

/// An element of a screen that can take keyboard focus, derived from a ``Presentation/ViewNode``.
///
/// Elements of one *group* sit side by side (chips, a carousel, a grid row, a list row and its heart, overlay
/// buttons): Left/Right move within a group, Up/Down move between groups.
public struct Focusable<Action: Sendable>: Sendable {
  /// What the element is.
  public var kind: FocusKind
  /// Its text (for status lines and tests).
  public var label: String
  /// What activating it dispatches, if anything.
  public var action: Action?
  /// The text field, for `.textField` elements.
  public var field: TextFieldNode<Action>?
  /// The row group it belongs to (increasing in reading order).
  public var group: Int
  /// Its position within the group.
  public var column: Int
  /// Whether activating it does anything. A disabled element keeps its place in the focus order.
  public var isEnabled: Bool
  /// Whether it is its dialog's default action (``Presentation/OverlayButton/isDefault``).
  public var isDefault: Bool

  /// Creates a focusable element.
  public init(
    kind: FocusKind, label: String, action: Action?, field: TextFieldNode<Action>? = nil, group: Int, column: Int,
    isEnabled: Bool = true, isDefault: Bool = false
  ) {
    self.isDefault = isDefault
    self.kind = kind
    self.label = label
    self.action = action
    self.field = field
    self.group = group
    self.column = column
    self.isEnabled = isEnabled
  }
}

/// The kinds of focusable elements.
public enum FocusKind: String, Sendable, Equatable, CaseIterable {
  /// A button.
  case button
  /// An on/off control.
  case toggle
  /// A selectable chip.
  case chip
  /// A list row.
  case listItem
  /// A list row's trailing toggle (the heart).
  case accessory
  /// A list's "load more".
  case loadMore
  /// A card of a carousel or grid.
  case card
  /// An in-screen tab.
  case tab
  /// A text field.
  case textField
  /// An error panel's Retry.
  case retry
  /// A button of a modal overlay.
  case overlayButton
}
