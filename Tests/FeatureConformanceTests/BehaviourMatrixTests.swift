import CLI
import CompositionRoot
import CompositionRootTesting
import FeatureKit
import FixtureData
import FixtureServer
import Foundation
import Persistence
import PersistenceSQLite
import Scenarios
import Synchronization
import Testing

/// The behaviour matrix: every registered feature's writes, in both apps and in every network state, behave alike.
/// No test code per feature: the writes are found by what the commands' examples do.
///
/// - **Writes.** Each example of each of the mount's commands runs once, in order, on one database over the fixture
///   server (`kumiki <example> --json`, as ``CommandConformanceTests`` runs it). An example after which the saved
///   items, the outbox or the server's data changed is a write. Every action a screen offers is one of its commands'
///   actions, so the writes the TUI's keys make are these.
/// - **States.** ``states``: the standard scenarios `fresh`, `offline` (the screens loaded once, the API stopped),
///   `slow` (answers late; ``slowLatency`` here, not 2 s, to keep the run short), `failing` (every request 500), and
///   `refusing`: a read-only server that answers reads and refuses every write with 403, and `conflicting`: the
///   screens read the data, then another writer changes every item before each write (``OtherWriter``).
/// - **Every write has a conflict path.** In `conflicting`, a write either meets the other change — exit status 3
///   in both apps, `--json` under `conflict`, nothing stored or queued — or changes no item that existed (it adds
///   one, or removes one, or stores only on this machine): a write that changes an item another writer changed since,
///   without a conflict, fails the matrix.
/// - **Both apps.** In each state, the writes run in order (so `unsave` follows `save`) in each app, each on its own
///   copy of the same starting state: the CLI as a user runs it, in process (`KumikiCLI.main`, one app started per
///   command, its printed JSON, exit status and message); and the app `kumiki-tui` runs, at the store (a tmux run per
///   cell would be too slow): ``RunningApp`` launched, the mount's tab shown and loaded, the command's actions — the
///   actions the TUI's keys send — dispatched, and its outcome read from the settled state with the command's output.
///   Both apps assemble the same registry over the same runtime; what differs is what a screen has on show.
/// - **The same in both apps:** the outcome (stored, queued, refused), the exit status (64 for a usage error, 1 for a
///   failure; the CLI's message is the output's), the `--json` shape (its key paths) and what the database holds
///   after (saved items, outbox).
/// - **Consistent across states:** never a usage error; a refused write says why and leaves the saved items and the
///   outbox as they were; a stored write prints the shape it prints when fresh; a queued write prints that shape too,
///   plus `"queued": true`, keeps the change in the outbox, and its `origin` (when it has one) is not `network`.
///
/// 10 to 20 s for the shipped features, by the machine's load (three of their mounts have writes; the others none).
@Suite("Every feature's writes in both apps and every state", .serialized, .timeLimit(.minutes(5)))
struct BehaviourMatrixTests {
  /// The latency of the `slow` state: late enough that a screen shows before its answers, short enough for a matrix.
  static let slowLatency = 250

  /// The states every write runs in.
  static let states: [MatrixState] = {
    let standard = Dictionary(uniqueKeysWithValues: Scenario.standard.map { ($0.name, $0) })
    let names = ["fresh", "offline", "slow", "failing"]
    return names.compactMap { standard[$0] }.map { MatrixState(name: $0.name, scenario: $0) }
      + [
        MatrixState(
          name: "refusing", scenario: Scenario(name: "refusing", summary: "Every write refused (403)."),
          refusesWrites: true),
        MatrixState(
          name: "conflicting",
          scenario: Scenario(name: "conflicting", summary: "Another writer changes every item before each write."),
          otherWriter: true),
      ]
  }()

  @Test("each write: the same in both apps, consistent across states", arguments: Mount.all)
  func writes(_ mount: Mount) async throws {
    let writes = try await Self.writes(of: mount)
    var made: [String: Outcome] = [:]
    for state in Self.states {
      let (cli, tui) = try await run(writes, of: mount, in: state)
      for (example, (cli, tui)) in zip(writes, zip(cli, tui)) {
        let cell = "\(mount.key) in \(state.name): \(example)"
        Self.expectSame(cli, tui, cell)
        if state.name == Scenario.defaultName { made[example] = cli }
        Self.expectConsistent(cli, made: made[example], cell)
        Self.expectConsistent(tui, made: made[example], cell + " (TUI)")
        if state.otherWriter {
          Self.expectNoSilentOverwrite(cli, cell)
          Self.expectNoSilentOverwrite(tui, cell + " (TUI)")
        }
      }
    }
  }

  // MARK: - Finding the writes

  /// The examples of `mount`'s commands that write: run in order on one fresh database, each one after which the
  /// saved items, the outbox or the server's data changed.
  static func writes(of mount: Mount) async throws -> [String] {
    let introspected = try LiveApp.introspection(features: [mount.key])
    let examples = introspected.commands.filter { $0.featureKey == mount.key }.flatMap(\.examples)
    let backend = try await FixtureBackend()
    let folder = Folder()
    defer { folder.remove() }
    var writes: [String] = []
    do {
      for example in examples {
        let words = try #require(ShellWords.split(example), "\(example) is not shell words")
        let data = "\(backend.server.database)"
        let before = try await Stored.read(folder.path)
        _ = try await CLIRun.run(words, api: backend.url, folder: folder.path, environment: [:])
        let after = try await Stored.read(folder.path)
        if before != after || "\(backend.server.database)" != data { writes.append(example) }
      }
    } catch {
      await backend.shutdown()
      throw error
    }
    await backend.shutdown()
    return writes
  }

  // MARK: - One state

  /// Runs `writes` in order in both apps in `state`, each app on its own copy of the state's starting folder.
  func run(_ writes: [String], of mount: Mount, in state: MatrixState) async throws -> ([Outcome], [Outcome]) {
    guard !writes.isEmpty else { return ([], []) }
    let start = Folder()
    let (cliFolder, tuiFolder) = (Folder(), Folder())
    defer { [start, cliFolder, tuiFolder].forEach { $0.remove() } }
    let scenario = state.scenario
    var environment: [String: String] = [:]

    // The offline state's cache, warmed on a server with the data and without the faults, at the address the
    // stopped API keeps.
    var port = 0
    if scenario.cache == .warm || state.otherWriter {
      let warm = try await FixtureBackend(configuration: try .init(scenario.api, faults: false))
      port = warm.server.port
      do {
        let app = try await RunningApp(api: warm.url, features: [mount.key], folder: start.path)
        await app.live.loadEveryScreen()
        await app.shutdown()
      } catch {
        await warm.shutdown()
        throw error
      }
      await warm.shutdown()
      if scenario.cache == .warm { environment["KUMIKI_CACHE_MAX_AGE"] = "0" }  // every read asks the stopped API
    }
    try start.copy(to: cliFolder)
    try start.copy(to: tuiFolder)

    var cli: [Outcome] = []
    var tui: [Outcome] = []
    let clock = HurriedClock()
    // A fresh server for each app, at the same address (messages name it): the server's data starts the same.
    for app in ["cli", "tui"] {
      var configuration = try FixtureServer.Configuration(scenario.api, faults: true)
      configuration.delay = .milliseconds(min(scenario.api.latency, Self.slowLatency))
      configuration.readOnly = state.refusesWrites
      configuration.port = port
      let backend = try await FixtureBackend(configuration: configuration)
      port = backend.server.port
      if scenario.api.down { await backend.shutdown() }
      do {
        if app == "cli" {
          for example in writes {
            let words = try #require(ShellWords.split(example))
            if state.otherWriter { try await OtherWriter.changeEverything(on: backend.server) }
            let data = backend.server.database
            var outcome = try await CLIRun.outcome(
              words, api: backend.url, folder: cliFolder.path, environment, clock: clock)
            outcome.overwrote = OtherWriter.changedItems(from: data, to: backend.server.database)
            cli.append(outcome)
          }
        } else {
          let server = backend.server
          tui = try await TUIRun.outcomes(
            writes, mount: mount, api: backend.url, folder: tuiFolder.path, environment, clock: clock,
            before: { if state.otherWriter { try await OtherWriter.changeEverything(on: server) } },
            serverData: { server.database })
        }
      } catch {
        await backend.shutdown()
        throw error
      }
      await backend.shutdown()
    }
    return (cli, tui)
  }

  // MARK: - The rules

  /// The two apps did the same.
  static func expectSame(_ cli: Outcome, _ tui: Outcome, _ cell: String) {
    #expect(cli.kind == tui.kind, "\(cell): the CLI \(cli.kind), the TUI \(tui.kind) (\(cli.message) | \(tui.message))")
    #expect(cli.status == tui.status, "\(cell): exit \(cli.status) in the CLI, \(tui.status) in the TUI")
    #expect(cli.shape == tui.shape, "\(cell): JSON \(cli.shape.sorted()) in the CLI, \(tui.shape.sorted()) in the TUI")
    #expect(cli.after == tui.after, "\(cell): the CLI left \(cli.after), the TUI \(tui.after)")
    if tui.kind == .refused {
      #expect(cli.message.contains(tui.message), "\(cell): the CLI said \(cli.message), the TUI \(tui.message)")
    }
  }

  /// A write after another writer changed every item: a conflict, or it changed no item that was there.
  static func expectNoSilentOverwrite(_ outcome: Outcome, _ cell: String) {
    guard outcome.kind != .conflict else { return }
    #expect(
      outcome.overwrote.isEmpty,
      "\(cell): \(outcome.kind), writing over another writer's change to \(outcome.overwrote) without a conflict")
  }

  /// The outcome keeps the rules of its kind, against what the write prints when it is made (`made`, fresh).
  static func expectConsistent(_ outcome: Outcome, made: Outcome?, _ cell: String) {
    #expect(outcome.status != 64, "\(cell): a usage error (\(outcome.message))")
    let madeShape = made.flatMap { $0.kind == .stored ? $0.shape : nil }
    switch outcome.kind {
    case .conflict:
      #expect(!outcome.message.isEmpty, "\(cell): a conflict without a message")
      #expect(outcome.shape.contains("conflict"), "\(cell): a conflict's JSON \(outcome.shape.sorted()) lacks it")
      #expect(outcome.after == outcome.before, "\(cell): a conflict, yet the database changed: \(outcome.after)")
      #expect(outcome.overwrote.isEmpty, "\(cell): a conflict, yet the server's \(outcome.overwrote) changed")
    case .refused:
      #expect(!outcome.message.isEmpty, "\(cell): refused without a reason")
      #expect(outcome.after == outcome.before, "\(cell): refused, yet the database changed: \(outcome.after)")
    case .stored:
      if let madeShape {
        #expect(outcome.shape == madeShape, "\(cell): JSON \(outcome.shape.sorted()), made: \(madeShape.sorted())")
      }
    case .queued:
      #expect(
        outcome.after.outbox > outcome.before.outbox, "\(cell): queued, but the outbox holds \(outcome.after.outbox)")
      if let madeShape {
        let missing = madeShape.union(["queued"]).subtracting(outcome.shape)
        #expect(missing.isEmpty, "\(cell): queued JSON lacks \(missing.sorted()) of the made write's shape")
      }
      #expect(outcome.origin != "network", "\(cell): queued, yet its origin says network")
    }
  }
}

/// One state of the matrix: a standard scenario's API, or `refusing`, a read-only server (`kumiki-api --read-only`).
struct MatrixState: Sendable {
  let name: String
  let scenario: Scenario
  var refusesWrites = false
  /// Whether another writer changes every item of the server's data before each write (`conflicting`).
  var otherWriter = false
}

/// What one write did in one app.
struct Outcome: Sendable {
  enum Kind: String, Sendable { case stored, queued, refused, conflict }
  /// The exit status (the TUI's: 0 for a success, 1 for a failure, 3 for a conflict, 64 for a usage error).
  var status: Int32
  /// The JSON printed, parsed (`nil` without).
  var json: JSONText?
  /// The failure's message (the CLI's standard error).
  var message: String
  /// What the database held before and after.
  var before: Stored
  var after: Stored
  /// The server's items that existed before the write and differ after it (`name` for an object, `name/id` for a list's item).
  var overwrote: [String] = []

  var kind: Kind {
    if status == 3 { return .conflict }
    guard status == 0 else { return .refused }
    return json?.queued == true ? .queued : .stored
  }
  var shape: Set<String> { json?.keyPaths ?? [] }
  var origin: String? { json?.origin }
}

/// A printed JSON value, as what the rules read of it.
struct JSONText: Sendable {
  let keyPaths: Set<String>
  let queued: Bool
  let origin: String?

  init?(_ text: String) {
    guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
      return nil
    }
    keyPaths = Self.keyPaths(value)
    let object = value as? [String: Any]
    queued = object?["queued"] as? Bool == true
    origin = object?["origin"] as? String
  }

  /// Every key path in `value` (`personal.nickname`, `items[].id`), the shape without the values.
  static func keyPaths(_ value: Any, prefix: String = "") -> Set<String> {
    switch value {
    case let object as [String: Any]:
      object.reduce(into: Set<String>()) { paths, member in
        paths.insert(prefix + member.key)
        paths.formUnion(keyPaths(member.value, prefix: prefix + member.key + "."))
      }
    case let array as [Any]:
      array.reduce(into: Set<String>()) { $0.formUnion(keyPaths($1, prefix: prefix + "[].")) }
    default:
      []
    }
  }
}

/// What the database in a folder holds that a write changes: the saved items and the outbox.
struct Stored: Equatable, Sendable, CustomStringConvertible {
  var saved: Set<Int>
  var outbox: Int

  var description: String { "saved \(saved.sorted()), \(outbox) in the outbox" }

  static func read(_ folder: String) async throws -> Stored {
    let path = folder + "/kumiki.sqlite"
    guard FileManager.default.fileExists(atPath: path) else { return Stored(saved: [], outbox: 0) }
    let database = try KumikiDatabase.open(path: path)
    defer { try? database.close() }
    let saved = try await database.client.savedItems.allIDs()
    let outbox = try await LiveApp.outboxEntries(databasePath: path, environment: [:]).count
    return Stored(saved: saved, outbox: outbox)
  }
}

/// A state folder of the test's own, removed at the end.
struct Folder: Sendable {
  let path = FileManager.default.temporaryDirectory.appending(path: "kumiki-matrix-\(UUID().uuidString)").path

  /// Copies what this folder holds into `other` (nothing when this one was never made).
  func copy(to other: Folder) throws {
    guard FileManager.default.fileExists(atPath: path) else { return }
    try FileManager.default.copyItem(atPath: path, toPath: other.path)
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// The CLI, in process, as `kumiki` runs it: one app started per command, the outbox's queued writes reported.
enum CLIRun {
  /// Runs `words --json` and reads the database around it.
  static func outcome(
    _ words: [String], api: URL, folder: String, _ environment: [String: String], clock: HurriedClock
  ) async throws -> Outcome {
    let before = try await Stored.read(folder)
    let run = try await run(words, api: api, folder: folder, environment: environment, clock: clock)
    return Outcome(
      status: run.status, json: JSONText(run.output), message: run.error, before: before,
      after: try await Stored.read(folder))
  }

  /// One in-process `kumiki WORDS --json` against `api`, with the database in `folder`.
  static func run(
    _ words: [String], api: URL, folder: String, environment: [String: String],
    clock: any Clock<Duration> = ContinuousClock()
  ) async throws -> (status: Int32, output: String, error: String) {
    let output = CapturedStream()
    let error = CapturedStream()
    let started = Mutex<LiveApp?>(nil)
    let environment = environment.merging(
      ["KUMIKI_API_URL": api.absoluteString, "KUMIKI_DB": folder + "/kumiki.sqlite"], uniquingKeysWith: { $1 })
    let unused: @Sendable (CLIOptions) async throws -> OutboxMaintenance.SendReport = { _ in
      throw CommandError.usage("not in the matrix")
    }
    let outbox = OutboxMaintenance(
      list: { _ in [] }, send: unused, discard: { _, _ in nil }, retry: { _, _ in nil },
      queued: {
        guard let summary = started.withLock({ $0 })?.queryCache.outbox?.summary else { return (0, 0, nil) }
        return (summary.queuedHere, summary.pending + summary.outcomeUnknown, summary.queuedReason)
      })
    let status = await KumikiCLI.main(
      arguments: words + ["--json"], environment: environment, version: "matrix", standardOutput: output,
      standardError: error, outbox: outbox
    ) { options, purpose in
      if purpose == .introspection { return try LiveApp.introspection(features: options.features) }
      if purpose == .replay { return try LiveApp.replay(features: options.features) }
      let live = try await LiveApp.start(
        LaunchOptions(
          apiURL: options.api, databasePath: options.db, features: options.features, environment: environment,
          launch: false, clock: clock))
      started.withLock { $0 = live }
      return live.runtime
    }
    if let live = started.withLock({ $0 }) { await live.shutdown() }
    return (status, output.text, error.text)
  }
}

/// The app `kumiki-tui` runs, driven at its store: launched, the mount's tab shown and loaded, then each write's
/// actions dispatched as its keys send them and its outcome read with the command's output.
enum TUIRun {
  static func outcomes(
    _ examples: [String], mount: Mount, api: URL, folder: String, _ environment: [String: String],
    clock: HurriedClock, before: @Sendable () async throws -> Void = {},
    serverData: @Sendable () -> FixtureDatabase? = { nil }
  ) async throws -> [Outcome] {
    let app = try await RunningApp(
      api: api, features: [mount.key], folder: folder, clock: clock, environment: environment)
    await app.idle()
    if let tab = app.tabs.first(where: { $0.key == mount.key }) {
      app.runtime.appear(slot: tab.slot)
      await app.idle()
    }
    var outcomes: [Outcome] = []
    do {
      for example in examples {
        let words = try #require(ShellWords.split(example))
        let command = try #require(
          app.runtime.commands.filter { words.starts(with: $0.words) }.max { $0.words.count < $1.words.count },
          "\(example): no command")
        try await before()
        let data = serverData()
        let stored = try await Stored.read(folder)
        var outcome = Outcome(status: 0, json: nil, message: "", before: stored, after: stored)
        do {
          let input = try bind(Array(words.dropFirst(command.words.count)), to: command)
          for action in try command.actions(input) { app.runtime.store.dispatch(action) }
          await app.idle()
          switch command.output(app.runtime.store.state, input) {
          case .success(_, let json): outcome.json = JSONText(json.text)
          case .failure(let message): (outcome.status, outcome.message) = (1, message)
          case .conflict(let message, let json):
            (outcome.status, outcome.message, outcome.json) = (3, message, JSONText(json.text))
          }
        } catch let CommandError.usage(message) {
          (outcome.status, outcome.message) = (64, message)
        }
        outcome.after = try await Stored.read(folder)
        if let data, let now = serverData() { outcome.overwrote = OtherWriter.changedItems(from: data, to: now) }
        outcomes.append(outcome)
      }
    } catch {
      await app.shutdown()
      throw error
    }
    await app.shutdown()
    return outcomes
  }

  /// The command's input from the words after its name: `--name value` for an option, `--name` for a flag, the rest
  /// positional in order; the global `--json` is left out.
  static func bind(_ words: [String], to command: AppCommand) throws -> CommandInput {
    var input = CommandInput()
    var positional = command.arguments.filter { if case .positional = $0.kind { true } else { false } }[...]
    var rest = words.filter { $0 != "--json" }[...]
    while let word = rest.popFirst() {
      if word.hasPrefix("--"), let argument = command.arguments.first(where: { "--" + $0.name == word }) {
        if argument.kind == .flag {
          input.flags.insert(argument.name)
        } else {
          input.values[argument.name] = rest.popFirst() ?? ""
        }
      } else if let argument = positional.popFirst() {
        input.values[argument.name] = word
      } else {
        throw CommandError.usage("unexpected \(word)")
      }
    }
    return input
  }
}

/// The wall clock, hurried: its time runs ``factor`` times faster, so what the apps wait for on their clock — a
/// toast's time on screen, a retry's back-off, a debounce — takes a fraction of the wall time, alike in both apps.
/// Answers late from the server (`slow`) are late in wall time, as ever.
struct HurriedClock: Clock {
  typealias Instant = ContinuousClock.Instant
  static let factor = 50
  private let start = ContinuousClock.now

  var now: Instant { start + start.duration(to: .now) * Self.factor }
  var minimumResolution: Duration { ContinuousClock().minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let remaining = now.duration(to: deadline)
    guard remaining > .zero else { return }
    try await ContinuousClock().sleep(for: remaining / Self.factor)
  }
}
