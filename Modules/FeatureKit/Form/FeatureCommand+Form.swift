import FeatureKit
import MutationKit
import Presentation

extension FeatureCommand where State == Form, Action == FormAction {
  /// `submit --<option> VALUE…`: one option per field; a broken rule is a usage error (exit 64) naming the option
  /// and the rule, nothing sent; otherwise the draft is sent and the item the server stored is printed (`--json`:
  /// `{"item":{"id":4,…}}`); a failed send exits 1; one kept in the outbox prints that it was queued — the same
  /// shape, the item as sent with its `id` `null`, plus `"queued":true,"pending":N` — and succeeds. Its example gives every field its sample.
  static func submit(_ fields: [FormField], title: String) -> Self {
    FeatureCommand(
      path: ["submit"], abstract: "Send a new \(title) item and print what the server stored.",
      examples: [(["submit"] + fields.map { "--\($0.option) \(shellQuoted($0.sample))" }).joined(separator: " ")],
      arguments: fields.map(\.argument),
      actions: { input in [.send(.submit(try FormDraft(fields, options: input)))] },
      output: { state, _ in output(state.send.phase, fields: fields) })
  }

  /// What the command prints once the send settled.
  static func output(_ phase: MutationPhase<FormDraft, FormDraft>, fields: [FormField]) -> CommandOutput {
    switch phase {
    case .sent(let item):
      let shown = fields.map { Field($0.label, item[$0.key]) }
      return .success(
        view: .stack([.text("Sent #\(item["id"]).", .secondary), .fields(shown)]),
        json: .object([("item", itemJSON(item, fields: fields))]))
    case .queued(let draft, let pending):
      // The made send's shape: the item as sent (no id yet: the server gives it), then that it waits.
      return .success(
        view: .text("Queued: \(phase.queuedNote ?? "").", .secondary),
        json: .object(
          [("item", itemJSON(draft, fields: fields)), ("queued", .bool(true)), ("pending", .int(pending))]))
    case .failed(_, let message):
      return .failure(message)
    case .conflict(let draft, let message):
      return .conflict(
        message,
        json: .object([
          ("conflict", .object([("message", .string(message)), ("yours", itemJSON(draft, fields: fields))]))
        ]))
    case .idle, .sending:
      return .failure("Nothing was sent.")
    }
  }

  /// `{"id":…,<each field's JSON key>:…}`: the item the server stored, or a queued draft (its `id` `null`).
  static func itemJSON(_ item: FormDraft, fields: [FormField]) -> JSONValue {
    .object([("id", JSONValue(item, key: "id"))] + fields.map { ($0.jsonKey, JSONValue(item, key: $0.key)) })
  }

  /// `text` in single quotes, each `'` written `'\''`: a shell reads it back as it is, nothing run or expanded.
  static func shellQuoted(_ text: String) -> String {
    "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
  }
}

extension FormDraft {
  /// The draft the command's options give for `fields` (an option not given is empty; a toggle off).
  ///
  /// - Throws: ``CommandError/usage(_:)`` naming each broken rule with its option
  ///   (`--age: Age must be from 13 to 120`): the CLI exits 64 and sends nothing.
  public init(_ fields: [FormField], options input: CommandInput) throws {
    self.init(fields, fields.reduce(into: [:]) { values, field in values[field.key] = input[field.option] })
    let problems = self.problems(fields).map { "--\($0.field.option): \($0.message)" }
    guard problems.isEmpty else { throw CommandError.usage(problems.joined(separator: "; ")) }
  }
}

extension JSONValue {
  /// `key`'s value in `draft` as its JSON type (a number, a boolean, a string), `null` when it has none.
  init(_ draft: FormDraft, key: String) {
    guard let value = draft.values[key] else {
      self = .null
      return
    }
    if draft.toggles.contains(key) {
      self = .bool(value == "true")
    } else if draft.numbers.contains(key), let number = Int(value) {
      self = .int(number)
    } else {
      self = .string(value)
    }
  }
}
