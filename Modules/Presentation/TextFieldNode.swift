/// A single-line text input whose text is state.
///
/// The field shows ``text`` — what the feature's state holds — and reports every edit as ``change``: the whole new
/// text, so the store always holds what the user sees (a front end keeps only its cursor, never a second copy of
/// the text). ``submit`` is Enter. A feature validates in its reducer and shows the outcome as ``message`` (an
/// error under the field) or ``hint`` (help under the field while there is no error).
///
/// ```swift
/// .textField(TextFieldNode(
///   id: "nickname", label: "Nickname", text: state.draft.nickname, placeholder: "1–20 characters",
///   message: state.draft.nicknameError, change: { .nicknameChanged($0) }))
/// ```
public struct TextFieldNode<Action: Sendable>: Sendable {
  /// Identifies the field across frames (the front end's cursor belongs to it).
  public var id: String
  public var label: String
  /// The text, as the feature's state holds it.
  public var text: String
  /// Shown dimmed while the text is empty.
  public var placeholder: String
  /// A validation message, shown under the field as an error; `nil` when the text is acceptable.
  public var message: String?
  /// Help shown under the field while there is no ``message``.
  public var hint: String?
  /// A disabled field is drawn dimmed, keeps its place and its focus, and cannot be edited.
  public var isEnabled: Bool
  /// The action for an edit, given the whole new text. Sent on every keystroke, deletion or paste.
  public var change: @Sendable (String) -> Action
  /// The action for Enter, given the text; `nil` when Enter only leaves the field.
  public var submit: (@Sendable (String) -> Action)?

  /// Creates a field.
  public init(
    id: String,
    label: String,
    text: String,
    placeholder: String,
    message: String? = nil,
    hint: String? = nil,
    isEnabled: Bool = true,
    change: @escaping @Sendable (String) -> Action,
    submit: (@Sendable (String) -> Action)? = nil
  ) {
    self.id = id
    self.label = label
    self.text = text
    self.placeholder = placeholder
    self.message = message
    self.hint = hint
    self.isEnabled = isEnabled
    self.change = change
    self.submit = submit
  }

  /// The same field with every action transformed.
  public func map<B: Sendable>(_ f: @escaping @Sendable (Action) -> B) -> TextFieldNode<B> {
    let change = self.change
    var mappedSubmit: (@Sendable (String) -> B)?
    if let submit = self.submit { mappedSubmit = { f(submit($0)) } }
    return TextFieldNode<B>(
      id: id, label: label, text: text, placeholder: placeholder, message: message, hint: hint,
      isEnabled: isEnabled, change: { f(change($0)) }, submit: mappedSubmit)
  }
}

extension TextFieldNode: Equatable where Action: Equatable {
  /// Compares what is shown and what changing and submitting the shown text produce; closures have no identity.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && lhs.label == rhs.label && lhs.text == rhs.text && lhs.placeholder == rhs.placeholder
      && lhs.message == rhs.message && lhs.hint == rhs.hint && lhs.isEnabled == rhs.isEnabled
      && lhs.change(lhs.text) == rhs.change(rhs.text) && lhs.submit?(lhs.text) == rhs.submit?(rhs.text)
  }
}
