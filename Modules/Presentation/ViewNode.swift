/// A UI-agnostic description of what a feature shows. Features build it from their state; the CLI prints it and
/// the TUI draws it, neither knowing the feature. Interactive elements carry the action they trigger.
///
/// The vocabulary is deliberately small and semantic (a *list with selection*, an *error with retry*), so each
/// front end can render it in its own idiom.
public indirect enum ViewNode<Action: Sendable>: Sendable {
  /// Plain text, possibly several lines.
  case text(String, TextStyle = .body)
  /// Text made of differently styled spans (e.g. a search keyword highlighted).
  case spans([TextSpan])
  /// Children top to bottom.
  case stack([ViewNode])
  /// A titled group of children.
  case section(title: String, children: [ViewNode])
  /// A list of selectable items.
  case list(ListNode<Action>)
  /// Items laid out side by side (`carousel`) or in rows of `columns` (`grid`).
  case collection(CollectionNode<Action>)
  /// A button. A disabled one (`isEnabled: false`) is drawn dimmed, keeps its place and its focus, and does
  /// nothing when activated (e.g. Save while a form is invalid).
  case button(label: String, action: Action, isEnabled: Bool = true)
  /// An on/off control, e.g. the heart that saves an item. Disabled like a button.
  case toggle(label: String, isOn: Bool, action: Action, isEnabled: Bool = true)
  /// Mutually exclusive choices shown as chips; `nil` action means not selectable.
  case chips([Chip<Action>])
  /// A text input.
  case textField(TextFieldNode<Action>)
  /// In-screen tabs and the content of the selected one.
  case tabs([Tab<Action>], content: ViewNode)
  /// Label/value pairs.
  case fields([Field])
  /// A table with aligned columns.
  case table(TableNode)
  /// A rating out of five.
  case rating(Double)
  /// Work in progress.
  case spinner(String)
  /// Something failed; `retry` (when present) tries again.
  case error(message: String, retry: Action?)
  /// Nothing to show, with a hint.
  case empty(String)
  /// A modal layer over the screen (onboarding, help, detail).
  case overlay(OverlayNode<Action>)
  /// A short notice of what just happened, shown outside the content for a few seconds (the TUI's status bar),
  /// with the action that undoes it, if any. Takes no room in the layout.
  case toast(ToastNode<Action>)
}

/// How text is emphasised. Front ends map these to their own styling (colours, bold, …).
public enum TextStyle: String, Sendable, Equatable, Codable, CaseIterable {
  case body, title, secondary, emphasis, highlight, link, danger
}

/// A run of text with one style.
public struct TextSpan: Sendable, Equatable {
  public var text: String
  public var style: TextStyle
  public init(_ text: String, _ style: TextStyle = .body) {
    self.text = text
    self.style = style
  }
}

/// Label and value.
public struct Field: Sendable, Equatable {
  public var label: String
  public var value: String
  public init(_ label: String, _ value: String) {
    self.label = label
    self.value = value
  }
}

/// A table: column headers and rows of cells.
public struct TableNode: Sendable, Equatable {
  public var columns: [String]
  public var rows: [[String]]
  public init(columns: [String], rows: [[String]]) {
    self.columns = columns
    self.rows = rows
  }
}

extension ViewNode: Equatable where Action: Equatable {}
