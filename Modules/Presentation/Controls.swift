/// A selectable chip (e.g. a category).
public struct Chip<Action: Sendable>: Sendable {
  public var label: String
  public var isSelected: Bool
  /// What selecting it does; `nil` means the chip is only a label (not focusable).
  public var action: Action?
  /// A disabled chip is drawn dimmed, keeps its place and its focus, and does nothing when activated.
  public var isEnabled: Bool
  public init(label: String, isSelected: Bool, action: Action?, isEnabled: Bool = true) {
    self.label = label
    self.isSelected = isSelected
    self.action = action
    self.isEnabled = isEnabled
  }
}

/// One in-screen tab.
public struct Tab<Action: Sendable>: Sendable {
  public var label: String
  public var isSelected: Bool
  public var action: Action
  public init(label: String, isSelected: Bool, action: Action) {
    self.label = label
    self.isSelected = isSelected
    self.action = action
  }
}

/// A modal layer: title, content and its buttons.
public struct OverlayNode<Action: Sendable>: Sendable {
  public var title: String
  public var content: ViewNode<Action>
  public var buttons: [OverlayButton<Action>]
  /// Dismissing the overlay (Escape, close).
  public var dismiss: Action?

  public init(title: String, content: ViewNode<Action>, buttons: [OverlayButton<Action>], dismiss: Action?) {
    self.title = title
    self.content = content
    self.buttons = buttons
    self.dismiss = dismiss
  }
}

/// A button of an overlay.
public struct OverlayButton<Action: Sendable>: Sendable {
  public var label: String
  public var action: Action
  /// A disabled button is drawn dimmed, keeps its place and its focus, and does nothing when activated.
  public var isEnabled: Bool
  /// The overlay's default action: what Enter does when the overlay opens (onboarding's Next, a form's Save). A
  /// front end focuses it first unless the overlay has a text field.
  public var isDefault: Bool
  public init(label: String, action: Action, isEnabled: Bool = true, isDefault: Bool = false) {
    self.label = label
    self.action = action
    self.isEnabled = isEnabled
    self.isDefault = isDefault
  }
}

extension Chip: Equatable where Action: Equatable {}
extension Tab: Equatable where Action: Equatable {}
extension OverlayNode: Equatable where Action: Equatable {}
extension OverlayButton: Equatable where Action: Equatable {}
