import ActionLog
import Core
import FeatureAssembly
import FeatureKit
import Foundation

/// Turns a recorded session into a Swift Testing test of one feature: `kumiki replay FILE --emit-test NAME
/// --feature KEY`.
///
/// The test builds a `TestStore` over the feature's reducer, starting from the feature's state just before its
/// first recorded action (persisted state restored at launch included), with `Middleware.scripted` standing in for
/// the feature's effects. Then, in the recorded order, it `send`s what came from outside the store (the user's
/// keys and clicks, the screen appearing, and the app's events as the feature receives them) and `receive`s what
/// effects and middlewares dispatched (responses, debounce timers, follow-ups), each with the state change it
/// made: `RecordedJSON.patch` with a JSON Merge Patch (RFC 7396) of what changed. States and actions are written
/// as the JSON their `Codable` conformance reads, so the test compiles for any feature that follows the
/// convention below, and passes in the feature's test target (`Tests/<Module>Tests`).
///
/// Convention: the feature's `State` and `Action` are nested in one namespace that also has its reducer as
/// `static let reducer` (`ArchiveFeature.State`, `ArchiveFeature.Action`, `ArchiveFeature.reducer`).
///
/// Before writing, the writer checks what the test will do: every action and state it writes decodes back to the
/// recorded one, and every patch gives the recorded state. A feature whose `Codable` loses information fails here,
/// with the step, rather than in the generated test.
public struct SessionTestWriter {
  /// One step of the generated test.
  public struct Step: Sendable {
    /// `send` (from outside the store) or `receive` (dispatched by an effect or a middleware).
    public enum Kind: String, Sendable { case send, receive }
    public let kind: Kind
    /// The recorded line.
    public let record: ActionLogRecord
    /// The feature's action as JSON (keys sorted).
    public let actionJSON: String
    /// What changed, as a JSON Merge Patch (RFC 7396: nested objects merge, `null` removes a member; keys sorted),
    /// or `nil` when the action left the state equal.
    public let patch: String?
    /// Why a step is a `send` although the recording says otherwise (an app event, an effect whose cause is not
    /// in the test).
    public let note: String?
  }

  /// What the writer produced.
  public struct Output: Sendable {
    /// The Swift source of the test file.
    public let source: String
    /// The steps, in order.
    public let steps: [Step]
    /// The module to import and whose test target the file belongs in (`ArchiveFeature` → `Tests/ArchiveFeatureTests`).
    public let module: String
  }

  /// The suite's name (a Swift type name), also the file's name.
  public let name: String
  /// The feature's key.
  public let feature: String
  /// How the file says it was made (`kumiki replay session.jsonl --emit-test … --feature …`).
  public let command: String

  /// A writer for the suite `name` of the feature mounted under `feature`. `feature` and `command` reach the file
  /// only as string literals.
  /// - Throws: ``SessionError/Kind/usage`` when `name` is not a Swift type name (``checkName(_:)``).
  public init(name: String, feature: String, command: String) throws(SessionError) {
    try Self.checkName(name)
    self.name = name
    self.feature = feature
    self.command = command
  }

  /// Checks a suite's name (`--emit-test NAME`), which is written into the file as code and names the file: an
  /// ASCII Swift identifier (letters, digits and `_`, not starting with a digit; at most 200 characters) that is
  /// not a keyword nor a name the generated file uses (`TestStore`, `RecordedJSON`, `Testing`, …).
  /// - Throws: ``SessionError/Kind/usage`` saying what a name must be.
  public static func checkName(_ name: String) throws(SessionError) {
    guard isIdentifier(name), name.utf8.count <= 200, !keywords.contains(name), !generatedNames.contains(name) else {
      throw SessionError(
        .usage,
        "--emit-test \(name): the test's name must be a Swift type name (ASCII letters, digits, _; not a keyword; "
          + "e.g. ArchiveSearch)")
    }
  }

  /// Replays `recording` (up to action `until`) into `app` — assembled with `mode: .replay`, without storage — and
  /// writes the test of this writer's feature.
  /// - Throws: ``SessionError``: usage (an unknown feature, `--until` out of range), data (an action that does not
  ///   decode, no action of the feature, a state or action whose JSON does not decode back to itself).
  public func write(_ recording: SessionRecording, app: AppRuntime, until: Int? = nil) throws(SessionError) -> Output {
    guard let slot = app.features.first(where: { $0.key == feature })?.slot else {
      throw SessionError(
        .usage,
        "--feature \(feature): no such feature in the recording (it mounts "
          + "\(app.features.map(\.key).joined(separator: ", ")))")
    }
    let (stateType, actionType) = app.types(slot: slot)
    let names = try Self.names(state: stateType, action: actionType, feature: feature)
    if name == names.module || name == names.reducer.split(separator: ".").first.map(String.init) {
      throw SessionError(
        .usage, "--emit-test \(name): the name is taken by \(feature)'s module or namespace; choose another")
    }
    var collector = StepCollector(app: app, slot: slot)
    let records = try SessionReplay.run(recording, in: app, until: until) { collector.add($0) }
    if let error = collector.error { throw error }
    guard let initial = collector.initial, !collector.steps.isEmpty else {
      let scope = until.map { " up to action \($0)" } ?? ""
      throw SessionError(.data, "the recording has no action of \(feature)\(scope) to test")
    }
    let initialJSON = try Self.checkedInitialState(app: app, slot: slot, state: initial)
    let steps = try collector.steps.map { collected throws(SessionError) in
      try Self.checkedStep(collected, app: app, slot: slot)
    }
    let source = SwiftSource(
      name: name, names: names, command: command, recording: recording, records: records, feature: feature,
      initialState: initialJSON, steps: steps
    ).text
    return Output(source: source, steps: steps, module: names.module)
  }

  // MARK: Steps

  /// A step as collected during the replay, before its JSON is written.
  struct Collected {
    var kind: Step.Kind
    var record: ActionLogRecord
    var action: AppAction
    var before: AppState
    var after: AppState
    var note: String?
  }

  /// Sorts the replayed actions of one feature into sends and receives (see the type's documentation).
  struct StepCollector {
    let app: AppRuntime
    let slot: Int
    var steps: [Collected] = []
    var error: SessionError?
    /// The action that started the current dispatch cycle (a user's or an effect's): follow-ups belong to it.
    var root: AppAction?
    /// Whether the feature's mapping of the root app event was already seen in this cycle.
    var mappedRootEvent = false

    /// The state before the feature's first step.
    var initial: AppState? { steps.first?.before }

    mutating func add(_ step: SessionReplay.Step) {
      guard error == nil else { return }
      if step.record.source != .followUp {
        root = step.action
        mappedRootEvent = false
      }
      guard step.action.slot == slot else { return }
      guard case .feature = step.action else {
        // A restore of this feature: part of the initial state when it comes first.
        if !steps.isEmpty {
          error = SessionError(
            .data,
            "line \(step.record.line) (action \(step.record.sequence)) restores the persisted state of "
              + "\(app.features[slot].key) in the middle of the session; a test cannot express that (use --until)")
        }
        return
      }
      let hasSend = !steps.isEmpty  // the first step is always a send (every case below sends when nothing has)
      var kind = Step.Kind.receive
      var note: String?
      switch step.record.source {
      case nil, .external?:
        kind = .send
      case .effect?:
        if !hasSend {
          kind = .send
          note = "sent by an effect whose cause is not in the test"
        }
      case .followUp?:
        if case .app(let event) = root, !mappedRootEvent, app.received(event, slot: slot) == step.action {
          mappedRootEvent = true
          kind = .send
          note = "the app's \(event) event, as this feature receives it"
        } else if !hasSend {
          kind = .send
          note = "a follow-up whose cause is not in the test"
        }
      }
      steps.append(
        Collected(
          kind: kind, record: step.record, action: step.action, before: step.before, after: step.after, note: note))
    }
  }

  /// The initial state's JSON, checked to decode back to itself.
  static func checkedInitialState(app: AppRuntime, slot: Int, state: AppState) throws(SessionError) -> String {
    do {
      let json = try app.stateJSON(slot: slot, in: state)
      guard try app.stateJSON(json, decodesTo: state, slot: slot) else {
        throw SessionError(.data, "the initial state's JSON does not decode back to the same state")
      }
      return String(decoding: json, as: UTF8.self)
    } catch let error as SessionError {
      throw error
    } catch {
      throw SessionError(.data, "the initial state does not round-trip through JSON: \(ActionLog.reason(error))")
    }
  }

  /// The step's action JSON and state patch, checked as the test will use them.
  static func checkedStep(_ step: Collected, app: AppRuntime, slot: Int) throws(SessionError) -> Step {
    let at = "line \(step.record.line) (action \(step.record.sequence))"
    do {
      guard let wrapper = try JSONSerialization.jsonObject(with: app.encode(step.action)) as? [String: Any],
        let action = wrapper["action"]
      else { throw SessionError(.data, "\(at): the action does not encode as a feature action") }
      let actionJSON = String(
        decoding: try JSONSerialization.data(
          withJSONObject: action, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes]),
        as: UTF8.self)
      let reencoded = try JSONSerialization.data(
        withJSONObject: ["feature": app.features[slot].key, "action": action], options: [.sortedKeys])
      guard try app.decode(reencoded) == step.action else {
        throw SessionError(.data, "\(at): the action's JSON does not decode back to the same action")
      }
      var patch: String?
      if !app.sliceEqual(slot: slot, step.before, step.after) {
        let before = try JSONSerialization.jsonObject(
          with: app.stateJSON(slot: slot, in: step.before), options: [.fragmentsAllowed])
        let after = try JSONSerialization.jsonObject(
          with: app.stateJSON(slot: slot, in: step.after), options: [.fragmentsAllowed])
        let changes = MergePatch.diff(from: before, to: after)
        // What RecordedJSON.patch does in the test: the state before, the patch merged in, decoded.
        let patched = try JSONSerialization.data(
          withJSONObject: MergePatch.apply(changes, to: before), options: [.fragmentsAllowed])
        guard try app.stateJSON(patched, decodesTo: step.after, slot: slot) else {
          throw SessionError(.data, "\(at): the state's JSON does not decode back to the same state")
        }
        patch = String(
          decoding: try JSONSerialization.data(
            withJSONObject: changes, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes]),
          as: UTF8.self)
      }
      return Step(kind: step.kind, record: step.record, actionJSON: actionJSON, patch: patch, note: step.note)
    } catch let error as SessionError {
      throw error
    } catch {
      throw SessionError(.data, "\(at): \(ActionLog.reason(error))")
    }
  }

  // MARK: Names

  /// How the generated code names the feature's types.
  struct Names {
    /// The module to import (`ArchiveFeature`).
    var module: String
    /// The state and action types as written in code (`ArchiveFeature.State`).
    var state: String
    var action: String
    /// The reducer (`ArchiveFeature.reducer`).
    var reducer: String
  }

  /// The names of a feature's types as code in another module writes them: `String(reflecting:)` without the
  /// module (`ArchiveFeature.ArchiveFeature.State` → `ArchiveFeature.State`), the reducer beside them.
  static func names(state: Any.Type, action: Any.Type, feature: String) throws(SessionError) -> Names {
    let stateParts = String(reflecting: state).split(separator: ".").map(String.init)
    let actionParts = String(reflecting: action).split(separator: ".").map(String.init)
    guard stateParts.count >= 3, actionParts.count >= 3, stateParts.dropLast() == actionParts.dropLast(),
      (stateParts + actionParts).allSatisfy(isIdentifier)
    else {
      throw SessionError(
        .data,
        "cannot name \(feature)'s types in a test: its State (\(String(reflecting: state))) and Action "
          + "(\(String(reflecting: action))) must be nested in one public namespace with a `static let reducer`, "
          + "like ArchiveFeature.State, ArchiveFeature.Action and ArchiveFeature.reducer")
    }
    let namespace = stateParts.dropFirst().dropLast().joined(separator: ".")
    return Names(
      module: stateParts[0], state: stateParts.dropFirst().joined(separator: "."),
      action: actionParts.dropFirst().joined(separator: "."), reducer: namespace + ".reducer")
  }

  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
    else { return false }
    return text.unicodeScalars.allSatisfy {
      $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
    }
  }

  /// Words that cannot name a type: Swift's reserved words and the contextual ones a declaration cannot take.
  static let keywords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
    "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "precedencegroup", "private",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
    "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
    "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws",
    "true", "try", "_", "Type", "Protocol", "some", "any", "async", "actor", "macro", "package", "consume", "copy",
    "discard", "each", "isolated", "sending",
  ]

  /// Names the generated file uses, which a suite of the same name would hide.
  static let generatedNames: Set<String> = [
    "CoreTesting", "Testing", "TestStore", "RecordedJSON", "Suite", "Test", "Middleware", "ScriptedStep",
  ]
}
