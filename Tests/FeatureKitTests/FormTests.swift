import Core
import CoreTesting
import FeatureKit
import FormKit
import Foundation
import Networking
import Presentation
import Testing

/// The form kit: fields of every kind declared as values, and what it derives from them — the messages while
/// typing, the disabled Send, the JSON body, the controls and their keys, the command and the send.
@Suite struct FormTests {
  static let fields: [FormField] = [
    FormField(
      "email", label: "Email", rules: "required, with an @", sample: "ann@example.com",
      checks: [{ $0.contains("@") ? nil : "Email must contain an @" }]),
    FormField("age", .number(13...120), label: "Age", rules: "13 to 120", sample: "30"),
    FormField("plan", .choice(["free", "pro"]), label: "Plan", rules: "free or pro", sample: "pro"),
    FormField("consent", .toggle, label: "Send me news", rules: "must be on", sample: "true"),
    FormField("nickName", label: "Nickname", rules: "optional", sample: "ann", required: false),
  ]
  static let description = FeatureDescription.form(key: "signup", title: "Signup", fields: fields)
  static let samples = FormDraft(fields, Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.sample) }))

  /// A field's option is its key split at its capitals, in lower case, letters beyond ASCII included.
  @Test func anOptionIsTheKeySplitAtItsCapitalsInLowerCase() {
    let options = ["nickname", "firstName", "homeURL", "prénomNom", "ÜberName", "straßeNr"].map {
      FormField($0, label: $0, rules: "", sample: "").option
    }
    #expect(options == ["nickname", "first-name", "home-u-r-l", "prénom-nom", "über-name", "straße-nr"])
  }

  @Test func eachKindChecksItsRulesInOrder() {
    let (email, age, plan, consent, nick) = (
      Self.fields[0], Self.fields[1], Self.fields[2], Self.fields[3], Self.fields[4]
    )
    #expect(email.problem("") == "Email is required")
    #expect(email.problem("\u{3000} ") == "Email is required")
    #expect(email.problem("ann") == "Email must contain an @")
    #expect(email.problem("ann@x") == nil)
    #expect(age.problem("3a") == "Age must be a whole number")
    #expect(age.problem("12") == "Age must be from 13 to 120")
    #expect(age.problem("13") == nil)
    #expect(plan.problem("gold") == "Plan must be one of free, pro")
    #expect(plan.problem("free") == nil)
    #expect(consent.problem("false") == "Send me news must be on")
    #expect(consent.problem("true") == nil)
    #expect(nick.problem("") == nil)
    #expect(Self.fields.allSatisfy { $0.problem($0.sample) == nil })
  }

  @Test func messagesShowOnlyUnderEditedFieldsAndSendIsDisabledUntilEveryRuleIsKept() {
    var form = Form(Self.fields)
    #expect(Self.fields.allSatisfy { form.message($0) == nil })
    #expect(!form.canSend(Self.fields))
    form.reduce(.edited("email", "ann"), fields: Self.fields)
    #expect(form.message(Self.fields[0]) == "Email must contain an @")
    #expect(form.message(Self.fields[1]) == nil)  // untouched: its rules in words, not an error
    for field in Self.fields { form.reduce(.edited(field.key, field.sample), fields: Self.fields) }
    #expect(form.canSend(Self.fields))
    #expect(form.draft == Self.samples)
    form.reduce(.edited("unknown", "x"), fields: Self.fields)
    #expect(form.draft == Self.samples)
  }

  @Test func theScreenKeepsOneLineUnderEveryFieldSoTypingMovesNothing() throws {
    let module = FeatureModule.form(Self.description, fields: Self.fields) { $0 }
    var form = module.initialState
    let before = try #require(module.present?(form))
    form.reduce(.edited("email", "ann"), fields: Self.fields)
    form.reduce(.edited("age", "3a"), fields: Self.fields)
    let after = try #require(module.present?(form))
    guard case .stack(let old) = before, case .stack(let new) = after else {
      Issue.record("a form is a stack")
      return
    }
    #expect(old.count == new.count)
    // The text fields carry a message or their rules as hint; choice and toggle a line under them.
    guard case .textField(let email) = new[0], case .textField(let oldEmail) = old[0] else {
      Issue.record("email is a text field")
      return
    }
    #expect(email.message == "Email must contain an @" && oldEmail.hint == "required, with an @")
    guard case .stack(let plan) = new[2], case .stack(let consent) = new[3] else {
      Issue.record("a choice and a toggle are a control with its line")
      return
    }
    #expect(plan.count == 3 && consent.count == 2)
    guard case .button(let label, _, let isEnabled) = new[5] else {
      Issue.record("Send follows the fields")
      return
    }
    #expect(label == "Send" && !isEnabled)
  }

  @Test func aChoiceIsChipsThatPickAValueAndAToggleSwitchesOnAndOff() {
    let plan = Self.fields[2]
    guard case .stack(let parts) = plan.view("free", id: "p", message: nil, change: { FormAction.edited("plan", $0) }),
      case .chips(let chips) = parts[1]
    else {
      Issue.record("a choice is a row of chips")
      return
    }
    #expect(parts[0] == .text("Plan: free"))
    #expect(chips.map(\.label) == ["free", "pro"])
    #expect(chips.map(\.isSelected) == [true, false])
    #expect(chips[1].action == .edited("plan", "pro"))
    let consent = Self.fields[3]
    for (value, next) in [("false", "true"), ("true", "false")] {
      guard case .stack(let parts) = consent.view(value, id: "c", message: nil, change: { FormAction.edited("c", $0) }),
        case .toggle(_, let isOn, let action, _) = parts[0]
      else {
        Issue.record("a toggle is a [ ] box")
        return
      }
      #expect(isOn == (value == "true") && action == .edited("c", next))
    }
  }

  @Test func theBodyIsTypedJSONAndReadsBackAsADraft() throws {
    let data = try JSONCoding.encoder().encode(Self.samples)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["email"] as? String == "ann@example.com")
    #expect(object["age"] as? Int == 30)
    #expect(object["plan"] as? String == "pro")
    #expect(object["consent"] as? Bool == true)
    #expect(object["nick_name"] as? String == "ann")
    #expect(try JSONCoding.decoder().decode(FormDraft.self, from: data) == Self.samples)
    var empty = FormDraft(Self.fields)
    empty["age"] = ""
    let emptyObject = try JSONSerialization.jsonObject(with: JSONCoding.encoder().encode(empty)) as? [String: Any]
    #expect(emptyObject?["age"] is NSNull)
  }

  @Test func theCommandTakesOneOptionPerFieldAndABrokenRuleIsAUsageErrorNamingOptionAndRule() throws {
    let command = try #require(Self.description.commands.first)
    #expect(command.path == ["submit"])
    #expect(command.arguments.map(\.name) == ["email", "age", "plan", "consent", "nick-name"])
    #expect(command.arguments[2].kind == .option(choices: ["free", "pro"]))
    #expect(command.arguments[3].kind == .option(choices: ["true", "false"]))
    #expect(
      command.examples == [
        "submit --email 'ann@example.com' --age '30' --plan 'pro' --consent 'true' --nick-name 'ann'"
      ])
    let input = CommandInput(values: [
      "email": "ann@example.com", "age": "30", "plan": "pro", "consent": "true", "nick-name": "ann",
    ])
    #expect(try FormDraft(Self.fields, options: input) == Self.samples)
    var broken = input
    broken.values["age"] = "200"
    broken.values["email"] = "ann"
    #expect(throws: CommandError.usage("--email: Email must contain an @; --age: Age must be from 13 to 120")) {
      try FormDraft(Self.fields, options: broken)
    }
    broken.values["consent"] = nil
    #expect(throws: CommandError.self) { try FormDraft(Self.fields, options: broken) }
  }

  @Test func sendPostsTheDraftAndTheCommandPrintsTheStoredItem() async throws {
    let sent = Recorder<FormDraft>()
    let module = FeatureModule.form(Self.description, fields: Self.fields) { draft in
      sent.append(draft)
      var object = try JSONSerialization.jsonObject(with: JSONCoding.encoder().encode(draft)) as? [String: Any]
      object?["id"] = 4
      return try JSONCoding.decoder().decode(
        FormDraft.self, from: JSONSerialization.data(withJSONObject: object ?? [:]))
    }
    let store = TestStore(module: module, exhaustivity: .off)
    for field in Self.fields { await store.send(.edited(field.key, field.sample)) }
    await store.send(.send(.submit(Self.samples)))
    await store.finish()
    #expect(sent.values == [Self.samples])
    #expect(store.state.draft == FormDraft(Self.fields))  // cleared after the send
    let output = try #require(module.commands.first).output(store.state, CommandInput())
    guard case .success(_, let json) = output else {
      Issue.record("a sent form prints the stored item")
      return
    }
    #expect(
      json.text
        == #"{"item":{"id":4,"email":"ann@example.com","age":30,"plan":"pro","consent":true,"nick_name":"ann"}}"#)
  }

  /// Queued in the outbox (the API unreachable), the command prints the made send's shape — the item as sent, its
  /// `id` `null` — plus `"queued":true` and how many wait.
  @Test func aQueuedSendPrintsTheItemAsSentAndThatItWaits() async throws {
    let module = FeatureModule.form(Self.description, fields: Self.fields) { _ in throw WriteQueued(id: 1, pending: 2) }
    let store = TestStore(module: module, exhaustivity: .off)
    await store.send(.send(.submit(Self.samples)))
    await store.finish()
    let output = try #require(module.commands.first).output(store.state, CommandInput())
    guard case .success(_, let json) = output else {
      Issue.record("a queued form succeeds")
      return
    }
    #expect(
      json.text
        == #"{"item":{"id":null,"email":"ann@example.com","age":30,"plan":"pro","consent":true,"nick_name":"ann"},"#
        + #""queued":true,"pending":2}"#)
  }

  @Test func aSubmitOfABrokenDraftSendsNothing() async {
    let store = TestStore(module: FeatureModule.form(Self.description, fields: Self.fields) { $0 })
    await store.send(.send(.submit(FormDraft(Self.fields))))
    await store.finish()
  }
}
