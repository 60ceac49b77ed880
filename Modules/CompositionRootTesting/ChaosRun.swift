import Foundation
import Persistence
import PersistenceSQLite

/// The chaos harness (issue 36, item 4): N writers — each the built `kumiki` with a database of its own — write to
/// one real `kumiki-api` (a child process on a data file) in rounds a seeded ``ChaosSchedule`` decides, while the
/// server injects faults (5xx, 409, 412, a reset before the write, a dropped answer after it), writers and the
/// server are killed with SIGKILL and the server is started again. Then the server, without faults, is drained
/// into by `kumiki outbox send`, and ``ChaosReport`` compares its history (the test-only write journal) and data with
/// what each command said (exit status, `kumiki: queued`, its reason) and what each outbox holds.
///
/// The subject comes from the registry, never by name: the first feature command that, given a value for one of
/// its options, makes the server apply a write holding that value (tried once per command and option against the
/// server before the run). Used by `EndToEndTests`' short run and `kumiki-bench chaos`'s long one
/// (Benchmarks/README.md, "Chaos"; docs/testing.md).
public struct ChaosRun: Sendable {
  /// What to run.
  public struct Options: Sendable {
    /// The schedule's seed (printed in the report; the same seed, the same schedule).
    public var seed: UInt64
    /// Concurrent writers.
    public var writers: Int
    /// How many of them (the first) are long-lived apps in this process (``ChaosAppWriter``: the TUI's app, its
    /// outbox sending by itself) instead of a `kumiki` process per write; these are never killed.
    public var appWriters: Int
    /// Writes in all (each a command run with a value of its own).
    public var writes: Int
    /// The If-Match check: `.auto` turns it on as soon as the apps send `If-Match` (issue 36 item 2).
    public var conditional: ChaosReport.Conditional
    /// Markers of writes whose user chose to keep their change over a conflict (resent without the condition):
    /// exempt from the If-Match check. The run makes no such choice yet; a schedule that does names them here.
    public var keptMine: Set<String>
    /// The bound of one command (it is killed after it and reported).
    public var commandLimit: Duration
    /// Progress lines (a round's end), for a long run.
    public var progress: @Sendable (String) -> Void

    /// Options with the defaults of the short run.
    public init(
      seed: UInt64, writers: Int = 3, appWriters: Int = 0, writes: Int = 30,
      conditional: ChaosReport.Conditional = .auto,
      keptMine: Set<String> = [], commandLimit: Duration = .seconds(30),
      progress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
      self.seed = seed
      self.writers = writers
      self.appWriters = min(appWriters, writers)
      self.writes = writes
      self.conditional = conditional
      self.keptMine = keptMine
      self.commandLimit = commandLimit
      self.progress = progress
    }
  }

  /// The command that writes and the option given the value.
  public struct Subject: Sendable {
    public var words: [String]
    public var option: String
    /// The path its write goes to, as the journal has it (`/name`).
    public var path: String
    /// The words of its feature's command that reads that path (``ReadingCommand``), which a `kumiki` writer runs
    /// before a write that reads first (``ChaosSchedule/Step/reads``); `nil` when the feature has none.
    public var reading: [String]?
  }

  public let options: Options

  public init(_ options: Options) { self.options = options }

  /// Carries out the run in a fresh folder (removed afterwards) and reports.
  public func run() async throws -> ChaosReport {
    let folder = try TemporaryFolder()
    let server = ChaosServer(folder: folder.path)
    try await server.start()
    do {
      let report = try await run(server: server, folder: folder.path)
      await server.kill()
      return report
    } catch {
      await server.kill()
      throw error
    }
  }

  private func run(server: ChaosServer, folder: String) async throws -> ChaosReport {
    var report = ChaosReport(seed: options.seed)
    let subject = try await Self.subject(server: server, folder: folder)
    report.subject =
      "kumiki \(subject.words.joined(separator: " ")) --\(subject.option) (\(subject.path)), read by "
      + (subject.reading.map { "kumiki " + $0.joined(separator: " ") } ?? "no command")
    let initialTag = try await server.read(subject.path).etag
    var apps: [Int: ChaosAppWriter] = [:]
    for writer in 0..<options.appWriters {
      apps[writer] = try await ChaosAppWriter(api: server.url, folder: folder + "/w\(writer)")
    }
    let schedule = ChaosSchedule(seed: options.seed, writers: options.writers, writes: options.writes)
    let started = ContinuousClock.now
    var told: [String: ChaosReport.Told] = [:]
    var downFor = 0
    for (index, round) in schedule.rounds.enumerated() {
      if !server.isRunning {
        if downFor > 0 {
          downFor -= 1
        } else {
          try await server.start()
        }
      }
      if server.isRunning { try await server.setFaults(round.faults) }
      let api = server.url
      let outcomes = await withTaskGroup(of: (String?, ChaosReport.Told?).self) { group in
        for step in round.steps {
          if let app = apps[step.writer] {
            guard let marker = step.marker else { continue }  // its outbox sends by itself
            // Bounded by its requests' limit (KUMIKI_TIMEOUT=5) and the caller's (a suite's time limit).
            group.addTask {
              (
                marker,
                await app.write(words: subject.words, option: subject.option, value: marker, reads: step.reads)
              )
            }
          } else {
            group.addTask { await self.perform(step, api: api, subject: subject, folder: folder) }
          }
        }
        if let after = round.serverKillAfter, server.isRunning {
          report.killedServers += 1
          downFor = round.serverStaysDown ? 1 : 0
          try? await Task.sleep(for: after)
          await server.kill()
        }
        var outcomes: [(String?, ChaosReport.Told?)] = []
        for await outcome in group { outcomes.append(outcome) }
        return outcomes
      }
      for case (let marker?, let said?) in outcomes { told[marker] = said }
      report.reads += round.steps.count {
        $0.reads && $0.marker != nil && (apps[$0.writer] != nil || subject.reading != nil)
      }
      options.progress("chaos seed \(options.seed): round \(index + 1)/\(schedule.rounds.count), \(told.count) writes")
    }

    // The drain: the server up, no faults, the apps stopped, every writer's outbox sent until nothing waits (a
    // bounded number of tries).
    if !server.isRunning { try await server.start() }
    try await server.setFaults([])
    for app in apps.values { await app.shutdown() }
    var left: [ChaosReport.Left] = []
    var listed: [Int: Int] = [:]
    var refused: [Int: Int] = [:]
    for writer in 0..<options.writers {
      let database = Self.database(folder: folder, writer: writer)
      guard FileManager.default.fileExists(atPath: database) else { continue }
      var entries = try await Self.entries(database)
      // Refused and conflict entries wait for their user (shown, never sent by themselves); the rest is sent.
      let shown: Set<OutboxEntry.State> = [.refused, .conflict]
      for _ in 0..<4 where entries.contains(where: { !shown.contains($0.state) }) {
        _ = try await command(["outbox", "send"], api: server.url, folder: folder, writer: writer, name: "drain")
        entries = try await Self.entries(database)
      }
      for entry in entries {
        let body = entry.body.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let marker = ChaosSchedule.markers(in: body).first
        left.append(.init(writer: writer, marker: marker, state: entry.state.rawValue, lastError: entry.lastError))
      }
      refused[writer] = entries.count { shown.contains($0.state) }
      // What the user sees: `kumiki outbox --json` lists each refused change and each conflict.
      let list = try await command(["outbox", "--json"], api: server.url, folder: folder, writer: writer, name: "list")
      let object = try? JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any]
      listed[writer] = (object?["writes"] as? [[String: Any]] ?? []).count {
        ($0["state"] as? String).map { ["refused", "conflict"].contains($0) } ?? false
      }
    }
    report.seconds =
      Double((ContinuousClock.now - started).components.seconds)
      + Double((ContinuousClock.now - started).components.attoseconds) / 1e18
    let final = try await server.read(subject.path)
    report.judge(
      told: told, journal: try Self.journal(server.journal), left: left, listedRefused: listed,
      refusedInDatabase: refused, path: subject.path, initialTag: initialTag, finalTag: final.etag,
      conditionalMode: options.conditional, keptMine: options.keptMine)
    return report
  }

  /// Runs one step: the write (or `outbox send`), killed when the schedule says; what its command said.
  private func perform(
    _ step: ChaosSchedule.Step, api: URL, subject: Subject, folder: String
  ) async -> (String?, ChaosReport.Told?) {
    let arguments =
      step.marker.map { subject.words + ["--" + subject.option, $0, "--json"] } ?? ["outbox", "send"]
    do {
      if step.reads, step.marker != nil, let reading = subject.reading {
        // The user looks first (what it shows, or an error, is theirs to see); the write comes right after.
        _ = try await command(reading, api: api, folder: folder, writer: step.writer, name: "read")
      }
      let result = try await command(
        arguments, api: api, folder: folder, writer: step.writer, name: step.marker ?? "send", killAfter: step.killAfter
      )
      guard let marker = step.marker else { return (nil, nil) }
      return (marker, Self.told(result))
    } catch {
      return (step.marker, .unexpected("could not run: \(error)"))
    }
  }

  /// What a write's command said.
  static func told(_ result: CommandOutcome) -> ChaosReport.Told {
    if result.killed { return .killed }
    if result.timedOut { return .unexpected("no exit within the bound: killed") }
    if result.signalled { return .unexpected("crashed (signal \(result.status)): \(result.stderr)") }
    switch result.status {
    case 0: return result.stderr.contains("kumiki: queued") ? .queued : .acknowledged
    case 1:
      let reason = result.stderr.split(separator: "\n").first { $0.hasPrefix("kumiki: ") }
      return .failed(reason.map(String.init) ?? "")
    // 3: a conflict (a 412 to its If-Match), its message on standard error; nothing was written.
    case 3:
      let message = result.stderr.split(separator: "\n").first { $0.hasPrefix("kumiki: ") }
      return .conflict(message.map(String.init) ?? "")
    default: return .unexpected("exit \(result.status): \(result.stderr)")
    }
  }

  /// What one command did.
  struct CommandOutcome {
    var status: Int32
    var signalled: Bool
    var killed: Bool
    var timedOut: Bool
    var stdout: String
    var stderr: String
  }

  /// Runs `kumiki --api API --db <writer's> ARGUMENTS`, killed after `killAfter` when given.
  private func command(
    _ arguments: [String], api: URL, folder: String, writer: Int, name: String, killAfter: Duration? = nil
  ) async throws -> CommandOutcome {
    let base = folder + "/w\(writer)-\(name)-\(UUID().uuidString.prefix(8))"
    let child = try ChaosChild(
      BuiltBinary.path("kumiki"),
      ["--api", api.absoluteString, "--db", Self.database(folder: folder, writer: writer)] + arguments,
      environment: ["KUMIKI_TIMEOUT": "5"], output: base + ".out", errors: base + ".err")
    let killer = killAfter.map { after in
      Task {
        try await Task.sleep(for: after)
        child.kill()
      }
    }
    let (status, signalled) = await child.exit(within: options.commandLimit)
    killer?.cancel()
    let outcome = CommandOutcome(
      status: status, signalled: signalled, killed: child.wasKilled && !child.timedOut, timedOut: child.timedOut,
      stdout: (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? "")
    try? FileManager.default.removeItem(atPath: base + ".out")
    try? FileManager.default.removeItem(atPath: base + ".err")
    return outcome
  }

  static func database(folder: String, writer: Int) -> String { folder + "/w\(writer)/kumiki.sqlite" }

  /// A writer's outbox, read from its database (no command of its runs meanwhile).
  static func entries(_ path: String) async throws -> [OutboxEntry] {
    let database = try KumikiDatabase.open(path: path)
    defer { try? database.close() }
    return try await database.outbox.entries()
  }

  /// The server's journal, its lines in order (a line cut short by a kill is not one).
  static func journal(_ path: String) throws -> [ChaosReport.Applied] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let method = object["method"] as? String, let path = object["path"] as? String,
        let etag = object["etag"] as? String
      else { return nil }
      let body = object["body"] as? [String: Any] ?? [:]
      return ChaosReport.Applied(
        method: method, path: path, seq: object["seq"] as? Int ?? 0, key: object["key"] as? String,
        ifMatch: object["if_match"] as? String, etag: etag,
        values: body.values.compactMap { $0 as? String })
    }
  }

  /// The registry's first command that writes what it is given: each feature command without positional
  /// arguments is run once per option taking a value, with a probe value, against the server; the first whose
  /// write the journal shows wins.
  private static func subject(server: ChaosServer, folder: String) async throws -> Subject {
    let binary = BuiltBinary.path("kumiki")
    let catalog = try await CommandCatalog.load(binary)
    var probe = 0
    for command in catalog.commands where command.positionals.isEmpty {
      let numeric = Set(command.numericOptions.map(\.name))
      for option in command.options where option.takesValue && !numeric.contains(option.name) {
        probe += 1
        let value = "Probe\(probe)"
        let name = option.name.hasPrefix("--") ? String(option.name.dropFirst(2)) : option.name
        _ = try await CommandResult.launch(
          binary,
          ["--api", server.url.absoluteString, "--db", folder + "/probe/kumiki.sqlite"] + command.words
            + ["--" + name, value, "--json"], environment: ["KUMIKI_TIMEOUT": "10"])
        if let write = try journal(server.journal).last(where: { $0.values.contains(value) }) {
          let reading = try await ReadingCommand.all().first { reading in
            reading.words.first == command.words.first
              && reading.requests.contains { $0 == "GET " + write.path || $0.hasPrefix("GET \(write.path)?") }
          }
          return Subject(words: command.words, option: name, path: write.path, reading: reading?.words)
        }
      }
    }
    throw ChaosError(
      "no registered command writes what it is given (each command's options were tried against the server)")
  }
}
