import Core
import CoreTesting
import FeatureKit
import FixtureData
import FormKit
import Foundation
import Networking
import Testing

/// What a form feature's suite checks with one call, from its description and fields alone: a scaffolded form's
/// whole suite is `try await FormChecks.check(SignupFeature.descriptions[0], fields: SignupFeature.fields)`.
public enum FormChecks {
  /// Checks that every field's sample keeps its rules; that the form, filled with the samples through its own
  /// controls' edits, enables Send, sends exactly those values (through a send that stores them with an id) and
  /// clears itself; that the command's example parses to the same values, and that leaving out a required field is
  /// a usage error naming its option; and that each item of the feature's `fixtures.json` holds every field's key.
  public static func check(
    _ description: FeatureDescription, fields: [FormField], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for field in fields {
      #expect(
        field.problem(field.sample) == nil, "the sample of \(field.key) breaks a rule", sourceLocation: sourceLocation)
    }
    let samples = FormDraft(fields, Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.sample) }))
    let sent = Recorder<FormDraft>()
    let module = FeatureModule.form(description, fields: fields) { draft in
      sent.append(draft)
      var stored = draft
      stored["id"] = "1"
      return stored
    }
    #expect(module.description == description, sourceLocation: sourceLocation)
    let store = TestStore(module: module, exhaustivity: .off)
    for field in fields { await store.send(.edited(field.key, field.sample)) }
    #expect(store.state.canSend(fields), sourceLocation: sourceLocation)
    await store.send(.send(.submit(store.state.draft)))
    await store.finish()
    #expect(sent.values == [samples], sourceLocation: sourceLocation)
    #expect(store.state.draft == FormDraft(fields), "the form is cleared after a send", sourceLocation: sourceLocation)

    let command = try #require(description.commands.first, sourceLocation: sourceLocation)
    let example = try #require(command.examples.first, sourceLocation: sourceLocation)
    #expect(example.hasPrefix("submit "), sourceLocation: sourceLocation)
    let options = CommandInput(values: Dictionary(uniqueKeysWithValues: fields.map { ($0.option, $0.sample) }))
    #expect(try FormDraft(fields, options: options) == samples, sourceLocation: sourceLocation)
    for field in fields where field.isRequired {
      var missing = options
      missing.values[field.option] = nil
      #expect(sourceLocation: sourceLocation) { try FormDraft(fields, options: missing) } throws: { error in
        "\(error)".hasPrefix("--\(field.option): ")
      }
    }

    guard case .array(let items)? = try FixtureDatabase.bundled[description.key] else {
      Issue.record("fixtures.json has no list \(description.key)", sourceLocation: sourceLocation)
      return
    }
    for item in items {
      let keys = fields.map { $0.key.snakeCased }.filter { item[$0] == nil }
      #expect(keys.isEmpty, "a fixture item lacks \(keys)", sourceLocation: sourceLocation)
    }
  }
}

extension String {
  /// `firstName` → `first_name`, as the API's coder writes a key.
  fileprivate var snakeCased: String {
    reduce(into: "") { text, character in
      text += character.isUppercase ? "_" + character.lowercased() : String(character)
    }
  }
}
