import FeatureKit
import Presentation

/// One field of a form, declared as a value: what it holds (``Kind``), its label, its rules in words, a sample value
/// that keeps them, whether it is required, and optional rules of the feature's own as closures. The kit derives the
/// rest from a feature's list of fields: the draft (``FormDraft``), the message under each field while typing, the
/// disabled Send, the JSON body, the TUI's controls and the CLI's options.
///
/// ```swift
/// static let fields: [FormField] = [
///   FormField("email", label: "Email", rules: "required, with an @", sample: "ann@example.com",
///             checks: [{ $0.contains("@") ? nil : "Email must contain an @" }]),
///   FormField("age", .number(13...120), label: "Age", rules: "13 to 120", sample: "30"),
///   FormField("plan", .choice(["free", "pro"]), label: "Plan", rules: "free or pro", sample: "free"),
///   FormField("consent", .toggle, label: "Send me news", rules: "optional", sample: "true", required: false),
/// ]
/// ```
///
/// A value is text as typed: a number's digits, a choice's value, a toggle's `true` or `false`. Lengths are
/// characters as users see them (`String.count`); nothing is trimmed.
public struct FormField: Sendable {
  /// What a field holds, and so how it is drawn, typed on the command line and sent.
  public enum Kind: Sendable, Equatable {
    /// Free text: a text field; a JSON string.
    case text
    /// A whole number in a range: a text field; a JSON number.
    case number(ClosedRange<Int>)
    /// One of these values: a row of chips (Enter or a click picks one); a JSON string.
    case choice([String])
    /// On or off: a `[ ]` box (Space switches it); a JSON boolean. Required means it must be on.
    case toggle
  }

  /// The field's name in camelCase: its key in the JSON body (`firstName` is `first_name`, as the API's coder
  /// writes it).
  public var key: String
  /// What the field holds.
  public var kind: Kind
  /// The label on screen and in the command's output.
  public var label: String
  /// The rules in a few words: the line under the field until a rule is broken, and the option's help.
  public var rules: String
  /// A value that keeps every rule: the command's example, which the conformance suite runs.
  public var sample: String
  /// Whether an empty value (a toggle: off) breaks a rule.
  public var isRequired: Bool
  /// The command's option, without its dashes (by default the key in kebab-case: `first-name`).
  public var option: String
  /// The feature's own rules, checked in order after the kit's on a value that is not empty: each returns the
  /// message of the rule the value breaks, or `nil`.
  public var checks: [@Sendable (String) -> String?]

  /// A field; `kind` is text unless given, and a field is required unless `required: false`.
  public init(
    _ key: String, _ kind: Kind = .text, label: String, rules: String, sample: String, required: Bool = true,
    option: String? = nil, checks: [@Sendable (String) -> String?] = []
  ) {
    self.key = key
    self.kind = kind
    self.label = label
    self.rules = rules
    self.sample = sample
    self.isRequired = required
    self.option = option ?? Self.words(key).joined(separator: "-")
    self.checks = checks
  }

  /// The rule `value` breaks, as the message the screen shows and the command prints, or `nil`: required first
  /// (empty or whitespace only; a toggle that is off), then the kind's (a whole number in range, one of the
  /// choices), then ``checks``. An empty value that is not required breaks nothing.
  public func problem(_ value: String) -> String? {
    let isEmpty = kind == .toggle ? value != "true" : value.allSatisfy(\.isWhitespace)
    if isEmpty { return isRequired ? (kind == .toggle ? "\(label) must be on" : "\(label) is required") : nil }
    switch kind {
    case .text, .toggle: break
    case .number(let range):
      guard let number = Int(value) else { return "\(label) must be a whole number" }
      if !range.contains(number) { return "\(label) must be from \(range.lowerBound) to \(range.upperBound)" }
    case .choice(let choices):
      if !choices.contains(value) { return "\(label) must be one of \(choices.joined(separator: ", "))" }
    }
    return checks.lazy.compactMap { $0(value) }.first
  }

  /// The key as the API and `--json` write it: snake_case (`first_name`).
  var jsonKey: String { Self.words(key).joined(separator: "_") }

  /// The command's option for the field (`--first-name VALUE`): its rules as help, a choice's or a toggle's values as its choices.
  public var argument: CommandArgument {
    switch kind {
    case .choice(let choices): .option(option, help: "\(label): \(rules)", choices: choices)
    case .toggle: .option(option, help: "\(label): \(rules)", choices: ["true", "false"])
    case .text, .number: .option(option, help: "\(label): \(rules)")
    }
  }

  /// The field's control, with one line under it that is always there — the broken rule's `message`, else the rules
  /// in words — so nothing below moves while typing. Text and numbers are text fields; a choice is its label and a
  /// row of chips (the label names the value picked, which
  /// a terminal without colour would not show); a toggle a `[ ]` box. Every edit is `change(newValue)`.
  public func view<Action: Sendable>(
    _ value: String, id: String, message: String?, isEnabled: Bool = true,
    change: @escaping @Sendable (String) -> Action
  ) -> ViewNode<Action> {
    let line = ViewNode<Action>.text(message ?? rules, message == nil ? .secondary : .danger)
    switch kind {
    case .text, .number:
      return .textField(
        TextFieldNode(
          id: id, label: label, text: value, placeholder: sample, message: message, hint: rules,
          isEnabled: isEnabled, change: change))
    case .choice(let choices):
      let chips = choices.map { choice in
        Chip(label: choice, isSelected: value == choice, action: change(choice), isEnabled: isEnabled)
      }
      return .stack([.text(value.isEmpty ? label : "\(label): \(value)"), .chips(chips), line])
    case .toggle:
      let isOn = value == "true"
      return .stack([
        .toggle(label: label, isOn: isOn, action: change(isOn ? "false" : "true"), isEnabled: isEnabled), line,
      ])
    }
  }

  /// `firstName` → `["first", "name"]`: the name split at its capitals, in lower case.
  static func words(_ name: String) -> [String] {
    var words: [String] = []
    for character in name {
      if character.isUppercase || words.isEmpty { words.append("") }
      words[words.count - 1].append(character.lowercased())
    }
    return words
  }
}
