import CompositionRootTesting
import Testing

/// What ``ChaosReport`` counts, on histories made up for each finding: the run's checks can fail.
struct ChaosReportTests {
  typealias Applied = ChaosReport.Applied

  private func judged(
    told: [String: ChaosReport.Told], journal: [Applied], left: [ChaosReport.Left] = [],
    listed: [Int: Int] = [:], refused: [Int: Int] = [:], finalTag: String? = nil,
    conditional: ChaosReport.Conditional = .auto, keptMine: Set<String> = []
  ) -> ChaosReport {
    var report = ChaosReport(seed: 1)
    report.judge(
      told: told, journal: journal, left: left, listedRefused: listed, refusedInDatabase: refused, path: "/r",
      initialTag: "t0", finalTag: finalTag ?? journal.last?.etag ?? "t0", conditionalMode: conditional,
      keptMine: keptMine)
    return report
  }

  private func write(_ marker: String, ifMatch: String? = nil, etag: String) -> Applied {
    Applied(method: "PATCH", path: "/r", ifMatch: ifMatch, etag: etag, values: [marker])
  }

  @Test func aCleanHistoryPasses() {
    let report = judged(
      told: ["A": .acknowledged, "B": .queued, "C": .failed("kumiki: 503"), "D": .killed],
      journal: [write("A", etag: "t1"), write("B", etag: "t2")])
    #expect(report.passed, "\(report)")
    #expect((report.acknowledged, report.queued, report.failed, report.killedClients) == (1, 1, 1, 1))
    #expect(report.conditional == .off)
  }

  @Test func aWriteAppliedTwiceIsADuplicate() {
    let report = judged(
      told: ["A": .acknowledged], journal: [write("A", etag: "t1"), write("A", etag: "t1")])
    #expect(report.duplicates == 1 && !report.passed, "\(report)")
  }

  @Test func anAcknowledgedOrSentWriteNeverAppliedIsLost() {
    let report = judged(told: ["A": .acknowledged, "B": .queued, "C": .killed], journal: [])
    #expect(report.lost == 2, "\(report)")  // A and B; C's user was told nothing
  }

  @Test func aWriteToldFailedButAppliedIsASilentOverwrite() {
    let report = judged(told: ["A": .failed("kumiki: 412 conflict")], journal: [write("A", etag: "t1")])
    #expect(report.silentOverwrites == 1 && report.conflictsShown == 1, "\(report)")
    // A conflict shown (exit 3) is a refusal and a conflict shown, whatever its message says; applied, an overwrite.
    let conflict = judged(
      told: ["A": .conflict("kumiki: someone changed it"), "B": .conflict("kumiki: changed since")],
      journal: [write("A", etag: "t1")])
    #expect(conflict.conflictsShown == 2 && conflict.refusalsShown == 2, "\(conflict)")
    #expect(conflict.silentOverwrites == 1 && conflict.findings.count == 1, "\(conflict)")
  }

  /// A resend of an attempt the server applied gets that attempt's answer (its kept `Idempotency-Key`), never a
  /// refusal: an entry refused in the outbox whose write was applied is a silent overwrite, unless the user kept theirs.
  @Test func aRefusedEntryWhoseWriteWasAppliedIsASilentOverwrite() {
    let left = [ChaosReport.Left(writer: 0, marker: "A", state: "refused", lastError: "server error 503")]
    let report = judged(
      told: ["A": .queued], journal: [write("A", etag: "t1")], left: left, listed: [0: 1], refused: [0: 1])
    #expect(report.silentOverwrites == 1 && !report.passed, "\(report)")
    let kept = judged(
      told: ["A": .queued], journal: [write("A", etag: "t1")], left: left, listed: [0: 1], refused: [0: 1],
      keptMine: ["A"])
    #expect(kept.silentOverwrites == 0 && kept.passed, "\(kept)")
  }

  /// A conflict entry (a 412 the user has not resolved) is a conflict shown, not a write left waiting.
  @Test func aConflictEntryIsAConflictShownNotWaiting() {
    let left = [ChaosReport.Left(writer: 0, marker: "A", state: "conflict", lastError: "changed on the server")]
    let report = judged(told: ["A": .queued], journal: [], left: left, listed: [0: 1], refused: [0: 1])
    #expect(report.passed && report.waiting == 0, "\(report)")
    #expect(report.refusalsShown == 1 && report.conflictsShown == 1, "\(report)")
  }

  @Test func withIfMatchAStaleConditionIsASilentOverwriteAndNoneABlindWriteUnlessTheUserKeptTheirs() {
    let journal = [
      write("A", ifMatch: "t0", etag: "t1"),  // saw t0: fine
      write("B", ifMatch: "t0", etag: "t2"),  // did not see A's change
      write("C", etag: "t3"),  // no condition at all: its writer had read nothing (a blind write)
      write("D", etag: "t4"),  // no condition: the user chose to keep theirs
    ]
    let told: [String: ChaosReport.Told] = ["A": .acknowledged, "B": .acknowledged, "C": .queued, "D": .queued]
    let report = judged(told: told, journal: journal, keptMine: ["D"])
    #expect(report.conditional == .on)
    #expect(report.silentOverwrites == 1 && report.blindWrites == 1, "\(report)")
    // Applied with If-Match: A and B.
    #expect(report.conditionalWrites == 2, "\(report)")
    #expect(judged(told: told, journal: journal, conditional: .off).silentOverwrites == 0)
  }

  @Test func aRefusalNotListedOrWithoutReasonIsUnshownAndAWaitingWriteFails() {
    let report = judged(
      told: ["A": .failed(""), "B": .queued, "C": .queued], journal: [],
      left: [
        .init(writer: 0, marker: "B", state: "refused", lastError: "409"),
        .init(writer: 0, marker: "C", state: "pending", lastError: "server error 503"),
      ], listed: [0: 0], refused: [0: 1])
    #expect(report.unshown == 2 && report.waiting == 1 && report.lost == 0, "\(report)")
  }

  @Test func dataTheJournalDoesNotExplainFails() {
    let report = judged(told: ["A": .acknowledged], journal: [write("A", etag: "t1")], finalTag: "t9")
    #expect(!report.dataMatchesJournal && !report.passed, "\(report)")
  }

  @Test func aWriterWhoseEarlierWriteLandsAfterALaterOneIsReorderedUnlessItWasKilled() {
    let journal = [write("W00N00002", etag: "t1"), write("W00N00001", etag: "t2"), write("W01N00003", etag: "t3")]
    let told: [String: ChaosReport.Told] = ["W00N00001": .queued, "W00N00002": .acknowledged, "W01N00003": .queued]
    #expect(judged(told: told, journal: journal).reordered == 1)
    var killed = told
    killed["W00N00001"] = .killed
    #expect(judged(told: killed, journal: journal).reordered == 0)
  }

  /// A key applied again is a duplicate wherever it happened: in one server process or in the next one after a kill
  /// (the key is saved with its write, so a killed server never forgets one).
  @Test func aKeyAppliedTwiceIsADuplicateEvenAcrossAKilledServer() {
    func line(_ marker: String, seq: Int, key: String) -> Applied {
      Applied(method: "PATCH", path: "/r", seq: seq, key: key, ifMatch: nil, etag: "t\(seq)", values: [marker])
    }
    let told: [String: ChaosReport.Told] = ["A": .queued, "B": .queued]
    // A: the last write of a process that died, then again in the next one.
    let acrossAKill = judged(
      told: told, journal: [line("A", seq: 1, key: "ka"), line("A", seq: 1, key: "ka"), line("B", seq: 2, key: "kb")])
    #expect(acrossAKill.duplicates == 1 && !acrossAKill.passed, "\(acrossAKill)")
    #expect(acrossAKill.findings == ["A: applied 2 times (told queued), each with the same Idempotency-Key"])
    let inOneProcess = judged(
      told: told, journal: [line("A", seq: 1, key: "ka"), line("A", seq: 2, key: "ka"), line("B", seq: 3, key: "kb")])
    #expect(inOneProcess.duplicates == 1 && !inOneProcess.passed, "\(inOneProcess)")
  }
}
