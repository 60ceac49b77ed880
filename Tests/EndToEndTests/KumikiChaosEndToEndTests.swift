import CompositionRootTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The short chaos run (issue 36, item 4; docs/testing.md, "The chaos run"): three `kumiki` writers against a real
/// `kumiki-api`, through a seeded schedule of injected 5xx, 409, 412, resets and dropped answers, writers and the
/// server killed with SIGKILL and the server restarted; then every outbox drained. Nothing is applied twice, no
/// acknowledged write is lost, nothing told failed or refused is applied (nor, once the apps send `If-Match`, applied
/// over a change it did not see), every refusal is shown. `KUMIKI_CHAOS_SEED` replays a seed; the long run is
/// `make bench ARGS=chaos`.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct KumikiChaosEndToEndTests {
  @Test func writersAndServerKilledAndFaultedDuplicateNothingLoseNothingOverwriteNothing() async throws {
    let seed = UInt64(ProcessInfo.processInfo.environment["KUMIKI_CHAOS_SEED"] ?? "") ?? 20_261_129
    let report = try await ChaosRun(.init(seed: seed, writers: 3, appWriters: 1, writes: 36)).run()
    print(report)
    #expect(report.duplicates == 0, "\(report)")
    #expect(report.lost == 0, "\(report)")
    #expect(report.silentOverwrites == 0, "\(report)")
    #expect(report.unshown == 0, "\(report)")
    #expect(report.waiting == 0, "\(report)")
    #expect(report.dataMatchesJournal, "\(report)")
    #expect(report.findings.isEmpty, "\(report)")
    // The chaos happened: the server and a writer were killed, a refusal was shown, writes were acknowledged and
    // queued.
    #expect(report.killedServers >= 1 && report.killedClients >= 1, "\(report)")
    #expect(report.refusalsShown >= 1, "\(report)")
    #expect(report.acknowledged >= 1 && report.queued >= 1, "\(report)")
    // Writers read before writing: writes were applied with If-Match, the check ran, and conflicts were shown.
    #expect(report.reads >= 1 && report.conditionalWrites >= 1 && report.conditional == .on, "\(report)")
    #expect(report.conflictsShown >= 1, "\(report)")
  }

  /// The schedule is the seed's: the same seed, the same decisions; another seed, others.
  @Test func aSeedReplaysItsSchedule() {
    let first = ChaosSchedule(seed: 7, writers: 3, writes: 50)
    #expect(first == ChaosSchedule(seed: 7, writers: 3, writes: 50))
    #expect(first != ChaosSchedule(seed: 8, writers: 3, writes: 50))
    // Every kind of fault is in it, the server is killed, and writers are.
    let faults = Set(first.rounds.flatMap(\.faults).map { $0.hasPrefix("latency=") ? "latency" : $0 })
    #expect(faults.isSuperset(of: ChaosSchedule.faultKinds.compactMap { $0 }), "\(faults)")
    #expect(first.rounds.contains { $0.serverKillAfter != nil })
    #expect(first.rounds.flatMap(\.steps).contains { $0.killAfter != nil })
    #expect(first.rounds.flatMap(\.steps).compactMap(\.marker).count == 50)
  }

  /// kumiki-api started again on the port of one just killed with SIGKILL binds it at once (SO_REUSEADDR), as the
  /// chaos run restarts it, with no wait: the killed server's end of a connection it had accepted is left on the port
  /// (FIN_WAIT, TIME_WAIT), which without the option keeps a new listener off it for up to a minute.
  @Test func aKilledServersPortIsBoundAgainAtOnce() async throws {
    let first = try APIChild([])
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    // A connection the server accepted and answered, kept open (the session's pool) when the server is killed.
    let (_, answer) = try await session.data(from: try #require(URL(string: first.address + "/")))
    #expect((answer as? HTTPURLResponse)?.statusCode != nil)
    first.kill()
    let port = try #require(URL(string: first.address)?.port)
    let second = try APIChild([], port: port)
    defer { second.stop() }
    #expect(second.address == first.address)
  }

  /// The write journal is test tooling: without `--allow-faults` kumiki-api refuses it (64) and creates nothing.
  @Test func kumikiAPIRefusesAWriteJournalWithoutFaultControl() async throws {
    let folder = try TemporaryFolder()
    let journal = folder.path + "/journal.jsonl"
    let run = try await CommandResult.launch(
      BuiltBinary.path("kumiki-api"), ["--port", "0", "--write-journal", journal])
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains("--write-journal is test tooling and needs --allow-faults"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: journal))
  }
}
