import CLI
import FeatureAssembly
import FeatureKit
import FormKit
import Synchronization
import Testing

/// A form from FeatureKit's form kit as the CLI runs it: `submit --<field> VALUE`, a broken rule exits 64 naming the
/// option and the rule and sends nothing, valid options are sent and `--json` prints the stored item, typed.
@Suite struct FormCommandTests {
  /// The drafts the form sent.
  final class Sent: Sendable {
    let drafts = Mutex<[FormDraft]>([])
  }

  static let fields: [FormField] = [
    FormField(
      "email", label: "Email", rules: "required, with an @", sample: "ann@example.com",
      checks: [{ $0.contains("@") ? nil : "Email must contain an @" }]),
    FormField("age", .number(13...120), label: "Age", rules: "13 to 120", sample: "30"),
    FormField("plan", .choice(["free", "pro"]), label: "Plan", rules: "free or pro", sample: "free"),
    FormField("news", .toggle, label: "Send me news", rules: "optional", sample: "true", required: false),
  ]

  func app(_ sent: Sent) throws -> AppRuntime {
    let description = FeatureDescription.form(key: "signup", title: "Signup", fields: Self.fields)
    let module = FeatureModule.form(description, fields: Self.fields) { draft in
      sent.drafts.withLock { $0.append(draft) }
      var stored = draft
      stored["id"] = "7"
      return stored
    }
    return try FeatureRegistry([module.erased]).assemble()
  }

  func submit(_ app: AppRuntime) throws -> AppCommand {
    try #require(app.commands.first { $0.words == ["signup", "submit"] })
  }

  @Test func aBrokenRuleExits64NamingTheOptionAndTheRuleAndSendsNothing() async throws {
    let sent = Sent()
    let app = try app(sent)
    let err = CapturedStream()
    let runner = CommandRunner(
      app: app, settings: OutputSettings(), standardOutput: CapturedStream(), standardError: err)
    let input = CommandInput(values: ["email": "ann", "age": "7", "plan": "pro"])
    #expect(await runner.run(try submit(app), input: input) == .usage)
    #expect(err.text.hasPrefix("kumiki: --email: Email must contain an @; --age: Age must be from 13 to 120\n"))
    #expect(sent.drafts.withLock { $0.isEmpty })
  }

  @Test func validOptionsAreSentAndJSONPrintsTheStoredItem() async throws {
    let sent = Sent()
    let app = try app(sent)
    let out = CapturedStream()
    let runner = CommandRunner(
      app: app, settings: OutputSettings(json: true), standardOutput: out, standardError: CapturedStream())
    let input = CommandInput(values: ["email": "ann@example.com", "age": "30", "plan": "pro", "news": "true"])
    #expect(await runner.run(try submit(app), input: input) == .success)
    #expect(sent.drafts.withLock { $0.count } == 1)
    #expect(
      out.text == #"{"item":{"id":"7","email":"ann@example.com","age":30,"plan":"pro","news":true}}"# + "\n")
  }
}
