/// A selectable chip (e.g. a category).
public struct Chip<Action: Sendable>: Sendable {
  public var label: String
  public var isSelected: Bool
  public var action: Action?
  public init(label: String, isSelected: Bool, action: Action?) {
    self.label = label
    self.isSelected = isSelected
    self.action = action
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

/// A text input. Its action is built from the text the user submits.
public struct TextFieldNode<Action: Sendable>: Sendable {
  public var id: String
  public var label: String
  public var text: String
  public var placeholder: String
  public var submit: @Sendable (String) -> Action

  public init(
    id: String, label: String, text: String, placeholder: String, submit: @escaping @Sendable (String) -> Action
  ) {
    self.id = id
    self.label = label
    self.text = text
    self.placeholder = placeholder
    self.submit = submit
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
  public init(label: String, action: Action) {
    self.label = label
    self.action = action
  }
}

extension Chip: Equatable where Action: Equatable {}
extension Tab: Equatable where Action: Equatable {}
extension OverlayNode: Equatable where Action: Equatable {}
extension OverlayButton: Equatable where Action: Equatable {}

extension TextFieldNode: Equatable where Action: Equatable {
  /// Compares what is shown and what submitting a sample text produces; the closure itself has no identity.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && lhs.label == rhs.label && lhs.text == rhs.text && lhs.placeholder == rhs.placeholder
      && lhs.submit(lhs.text) == rhs.submit(rhs.text)
  }
}
