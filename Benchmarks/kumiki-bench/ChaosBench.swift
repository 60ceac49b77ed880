import ArgumentParser
import CompositionRootTesting
import Foundation

/// `kumiki-bench chaos`: the long chaos run (issue 36, item 4; Benchmarks/README.md, "Chaos"). For each of `--seeds`
/// seeds from `--seed` (`--jobs` of them at once), `--writes` writes by `--writers` `kumiki` writers against a real `kumiki-api` (built beside
/// this binary) through the seed's schedule of faults, kills and restarts (``ChaosRun``); one line per seed, then
/// the totals: duplicates, lost, silent overwrites (target: 0 each), and the time per write. Exits 1 when a seed
/// found anything, naming the seed that replays it.
struct ChaosBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "chaos",
    abstract: "N kumiki writers against kumiki-api under faults and SIGKILL; duplicates, lost, silent overwrites."
  )

  @Option(help: "Writes per seed (1...100000).")
  var writes = 1000

  @Option(help: "Seeds run one after the other (1...1000).")
  var seeds = 20

  @Option(help: "The first seed; the others follow it (seed, seed+1, …).")
  var seed: UInt64 = 20_261_129

  @Option(help: "Concurrent writers (1...32).")
  var writers = 4

  @Option(help: "How many of the writers are long-lived apps in this process (the TUI's app), not kumiki processes.")
  var appWriters = 1

  @Option(help: "Seeds run at once (1...4), each with its own server, writers and folder; 1: one after the other.")
  var jobs = 1

  @Option(help: "The If-Match check: auto (on once the apps send If-Match), on, off.")
  var conditional = "auto"

  mutating func validate() throws {
    guard (1...100_000).contains(writes) else { throw ValidationError("--writes must be in 1...100000") }
    guard (1...1000).contains(seeds) else { throw ValidationError("--seeds must be in 1...1000") }
    guard (1...32).contains(writers) else { throw ValidationError("--writers must be in 1...32") }
    guard (1...4).contains(jobs) else { throw ValidationError("--jobs must be in 1...4") }
    guard (0...writers).contains(appWriters) else { throw ValidationError("--app-writers must be in 0...--writers") }
    guard ChaosReport.Conditional(rawValue: conditional) != nil else {
      throw ValidationError("--conditional must be auto, on or off")
    }
  }

  mutating func run() async throws {
    var totals = (
      writes: 0, duplicates: 0, lost: 0, silent: 0, unshown: 0, waiting: 0, reordered: 0, seconds: 0.0,
      reads: 0, conditional: 0, conflicts: 0, refusals: 0, acknowledged: 0, queued: 0, killedClients: 0,
      killedServers: 0
    )
    var failing: [UInt64] = []
    let started = ContinuousClock.now
    let options = (0..<UInt64(seeds)).map { index in
      ChaosRun.Options(
        seed: seed &+ index, writers: writers, appWriters: appWriters, writes: writes,
        conditional: ChaosReport.Conditional(rawValue: conditional) ?? .auto)
    }
    // `jobs` seeds at once: each its own server (on a port of its own), writers and folder.
    var reports: [ChaosReport] = []
    try await withThrowingTaskGroup(of: ChaosReport.self) { group in
      var next = options.makeIterator()
      for _ in 0..<jobs {
        if let run = next.next() { group.addTask { try await ChaosRun(run).run() } }
      }
      while let report = try await group.next() {
        // Unbuffered: a line per seed as it ends, also when the output is a file or a pipe.
        FileHandle.standardOutput.write(Data("\(report)\n".utf8))
        reports.append(report)
        if let run = next.next() { group.addTask { try await ChaosRun(run).run() } }
      }
    }
    for report in reports.sorted(by: { $0.seed < $1.seed }) {
      totals.writes += report.writes
      totals.duplicates += report.duplicates
      totals.lost += report.lost
      totals.silent += report.silentOverwrites
      totals.unshown += report.unshown
      totals.waiting += report.waiting
      totals.reordered += report.reordered
      totals.seconds += report.seconds
      totals.reads += report.reads
      totals.conditional += report.conditionalWrites
      totals.conflicts += report.conflictsShown
      totals.refusals += report.refusalsShown
      totals.acknowledged += report.acknowledged
      totals.queued += report.queued
      totals.killedClients += report.killedClients
      totals.killedServers += report.killedServers
      if !report.passed { failing.append(report.seed) }
    }
    let elapsed = ContinuousClock.now - started
    let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let perWrite = totals.writes > 0 ? wall * 1000 / Double(totals.writes) : 0
    print(
      "chaos: \(seeds) seeds x \(writes) writes, \(writers) writers (\(appWriters) in process), \(jobs) at once: "
        + "\(totals.writes) writes, "
        + "\(totals.duplicates) duplicates, \(totals.lost) lost, \(totals.silent) silent overwrites, "
        + "\(totals.unshown) unshown, \(totals.waiting) waiting, \(totals.reordered) reordered (target: 0 each); "
        + "\(totals.acknowledged) acknowledged, \(totals.queued) queued, \(totals.reads) read first, "
        + "\(totals.conditional) applied with If-Match, \(totals.refusals) refusals shown (\(totals.conflicts) "
        + "conflicts), \(totals.killedClients) clients and \(totals.killedServers) servers killed; "
        + String(
          format: "%.0f s wall clock, %.0f ms per write (the seeds' own: %.0f s)", wall, perWrite, totals.seconds)
        + (failing.isEmpty ? "" : "; failing seeds: \(failing.map(String.init).joined(separator: " "))"))
    if !failing.isEmpty { throw ExitCode.failure }
  }
}
