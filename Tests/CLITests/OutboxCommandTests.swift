import CLI
import Foundation
import Synchronization
import Testing

/// `kumiki outbox …` in process, over a maintenance that records what it was asked; and what a feature command that
/// queued a write prints.
@Suite struct OutboxCommandTests {
  static let created = Date(timeIntervalSince1970: 1_795_000_000)
  static let pending = OutboxMaintenance.Entry(
    id: 3, api: "embedded", method: "PATCH", path: "profile_personal", state: "pending", attempts: 2,
    createdAt: created, lastError: "cannot connect", changedKeys: ["nickname", "introduction"])
  static let unknown = OutboxMaintenance.Entry(
    id: 4, api: "http://api.test/", method: "POST", path: "comments", state: "outcome-unknown", attempts: 1,
    createdAt: created, lastError: "timed out")

  final class Calls: Sendable {
    let values = Mutex<[String]>([])
    var list: [String] { values.withLock { $0 } }
    func add(_ call: String) { values.withLock { $0.append(call) } }
  }

  func kumikiOutbox(
    _ arguments: [String], entries: [OutboxMaintenance.Entry] = [pending, unknown],
    report: OutboxMaintenance.SendReport = .init(sent: [pending], refused: [], pending: 0, stopped: nil),
    queued: (Int, Int, String?) = (0, 0, nil)
  ) async -> (Run, [String]) {
    let calls = Calls()
    let maintenance = OutboxMaintenance(
      list: { options in
        calls.add("list db=\(options.db ?? "-")")
        return entries
      },
      send: { _ in
        calls.add("send")
        return report
      },
      discard: { _, id in
        calls.add("discard \(id)")
        return entries.first { $0.id == id }
      },
      retry: { _, id in
        calls.add("retry \(id)")
        return entries.contains { $0.id == id } ? report : nil
      },
      queued: { queued })
    let output = CapturedStream()
    let error = CapturedStream()
    let status = await KumikiCLI.main(
      arguments: arguments, environment: [:], version: "1", standardOutput: output, standardError: error,
      outbox: maintenance
    ) { _, _ in
      calls.add("makeApp")
      return try makeTestApp()
    }
    return (Run(status: status, output: output.text, error: error.text), calls.list)
  }

  @Test func listsTheWaitingChangesOldestFirstWithoutBuildingTheApp() async {
    let (run, calls) = await kumikiOutbox(["--db", "/data/kumiki.sqlite", "outbox"])
    #expect(run.status == 0)
    #expect(calls == ["list db=/data/kumiki.sqlite"])
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "Outbox: 1 change waiting to send")
    #expect(lines.count == 3)
    #expect(lines[1].hasPrefix("3  pending  PATCH profile_personal (nickname, introduction)  queued "))
    #expect(lines[1].hasSuffix("2 attempts  (cannot connect)"))
    #expect(lines[2].hasPrefix("4  outcome-unknown  POST comments  queued "))
    #expect(lines[2].hasSuffix("(timed out)  to http://api.test/"))
    #expect(await kumikiOutbox(["outbox", "list"]).0.output == run.output)
  }

  @Test func anEmptyOutboxSaysSo() async {
    let (run, _) = await kumikiOutbox(["outbox"], entries: [])
    #expect(run == Run(status: 0, output: "The outbox is empty: no change waits to send.\n", error: ""))
  }

  /// Each write says what it changes (`changed_keys`, as its text line does): the JSON listed only method and path.
  @Test func listsAsOneJSONObjectWithTheWritesUnderAPluralKey() async {
    let (run, _) = await kumikiOutbox(["outbox", "--json"])
    #expect(
      run.output
        == #"{"writes":[{"id":3,"state":"pending","method":"PATCH","path":"profile_personal","#
        + #""changed_keys":["nickname","introduction"],"api":"embedded","#
        + #""attempts":2,"created_at":"2026-11-18T11:06:40Z","last_error":"cannot connect"},"#
        + #"{"id":4,"state":"outcome-unknown","method":"POST","path":"comments","changed_keys":[],"#
        + #""api":"http://api.test/","attempts":1,"created_at":"2026-11-18T11:06:40Z","last_error":"timed out"}],"#
        + #""pending":1,"outcome_unknown":1,"refused":0,"conflicts":0}"# + "\n")
  }

  @Test func sendSaysWhatWentAndExitsZeroWhenNothingWaits() async {
    let (run, calls) = await kumikiOutbox(["outbox", "send"])
    #expect(run == Run(status: 0, output: "Sent 1 change.\n", error: ""))
    #expect(calls == ["send"])
  }

  @Test func sendWithChangesStillWaitingExitsOneSayingWhy() async {
    let report = OutboxMaintenance.SendReport(sent: [], refused: [], pending: 2, stopped: "cannot connect")
    let (run, _) = await kumikiOutbox(["outbox", "send"], report: report)
    #expect(run.status == 1)
    #expect(run.output == "Nothing was sent.\n")
    #expect(run.error == "kumiki: outbox send: 2 changes still waiting to send: cannot connect\n")
  }

  @Test func aRefusalIsSaidOnStandardErrorAndInTheJSON() async {
    var refused = Self.pending
    refused.state = "refused"
    let report = OutboxMaintenance.SendReport(sent: [], refused: [refused], pending: 0, stopped: nil)
    let (run, _) = await kumikiOutbox(["outbox", "send", "--json"], report: report)
    #expect(run.status == 0)
    #expect(run.output.hasPrefix(#"{"sent":[],"refused":[{"id":3,"state":"refused","#))
    #expect(run.output.hasSuffix(#""pending":0,"stopped":null,"held":[]}"# + "\n"))
    #expect(run.error == "kumiki: change 3 (PATCH profile_personal): cannot connect; it was rolled back\n")
  }

  /// Item 14 of issue 34: a write queued for another reason than a refused connection says that reason, not "the
  /// API could not be reached".
  @Test(arguments: [
    "outcome unknown: the answer was lost after the request was sent",
    "another process is sending the earlier changes",
  ])
  func aQueuedWriteSaysWhyItWasQueued(reason: String) async {
    let (run, _) = await kumikiOutbox(["catalogue", "broken"], queued: (1, 1, reason))
    #expect(run.status == 0)
    #expect(run.error == "kumiki: queued — \(reason); 1 change waiting to send (kumiki outbox lists them)\n")
    #expect(!run.error.contains("could not be reached"))
  }

  /// Item 15 of issue 34: a POST whose answer was lost is held; `send` says so and why, and exits 1.
  @Test func sendWithAHeldChangeSaysWhatIsHeldAndWhyAndExitsOne() async {
    var lost = Self.unknown
    lost.lastError = "outcome unknown: the answer was lost after the request was sent"
    let report = OutboxMaintenance.SendReport(sent: [], refused: [], pending: 0, stopped: nil, held: [lost])
    let (run, _) = await kumikiOutbox(["outbox", "send"], report: report)
    #expect(run.status == 1)
    #expect(run.output == "Nothing was sent.\n")
    #expect(
      run.error
        == "kumiki: outbox send: change 4 (POST comments) is held: outcome unknown: the answer was lost after the "
        + "request was sent — check whether the server has it, then kumiki outbox retry 4 or kumiki outbox discard 4\n"
    )
    let (json, _) = await kumikiOutbox(["outbox", "send", "--json"], report: report)
    #expect(json.status == 1)
    #expect(json.output.contains(#""held":[{"id":4,"state":"outcome-unknown","#))
  }

  @Test func sendWithNothingToSendSaysSoAndExitsZero() async {
    let report = OutboxMaintenance.SendReport(sent: [], refused: [], pending: 0, stopped: nil)
    let (run, _) = await kumikiOutbox(["outbox", "send"], report: report)
    #expect(run == Run(status: 0, output: "Nothing to send.\n", error: ""))
  }

  @Test func anUnreadableEntryIsListedAndHeldAsSuch() async {
    let broken = OutboxMaintenance.Entry(
      id: 5, api: "", method: "", path: "", state: "unreadable", attempts: 0, createdAt: Self.created,
      lastError: "createdAt is text, not a time\u{1B}[31m")
    let (list, _) = await kumikiOutbox(["outbox"], entries: [Self.pending, broken])
    #expect(list.status == 0)
    #expect(list.output.hasSuffix("\nunreadable entry #5: createdAt is text, not a time^[[31m\n"))
    let report = OutboxMaintenance.SendReport(sent: [], refused: [], pending: 1, stopped: "held", held: [broken])
    let (send, _) = await kumikiOutbox(["outbox", "send"], report: report)
    #expect(send.status == 1)
    #expect(send.error.contains("unreadable entry #5 is held: createdAt is text, not a time"))
    #expect(send.error.contains("kumiki outbox discard 5 drops it"))
  }

  /// A change held behind an unreadable one keeps words either app lists (`held behind unreadable entry #5 until it
  /// is discarded`, the query layer's `Outbox.heldBehind`); the CLI says its own way out where it tells what stopped
  /// the round (the query layer's `stopped`, in the CLI's words by default: `QueryCacheConfiguration.outboxActions`).
  @Test func aChangeHeldBehindAnUnreadableOneIsListedAsKeptAndSendSaysTheCommandThatFreesIt() async {
    let broken = OutboxMaintenance.Entry(
      id: 5, api: "", method: "", path: "", state: "unreadable", attempts: 0, createdAt: Self.created,
      lastError: "createdAt is text, not a time")
    var behind = Self.pending
    behind.id = 6
    behind.lastError = "held behind unreadable entry #5 until it is discarded"
    let (list, _) = await kumikiOutbox(["outbox"], entries: [broken, behind])
    #expect(list.output.contains("\nunreadable entry #5: createdAt is text, not a time\n"), "\(list.output)")
    #expect(list.output.contains("(held behind unreadable entry #5 until it is discarded)"), "\(list.output)")
    let report = OutboxMaintenance.SendReport(
      sent: [], refused: [], pending: 1, stopped: "held behind unreadable entry #5 (kumiki outbox discard 5 drops it)",
      held: [broken])
    let (send, _) = await kumikiOutbox(["outbox", "send"], report: report)
    #expect(send.status == 1)
    #expect(
      send.error.hasSuffix(
        "kumiki: outbox send: 1 change still waiting to send: held behind unreadable entry #5 (kumiki outbox "
          + "discard 5 drops it)\n"), "\(send.error)")
  }

  @Test func aConflictIsListedCountedAndHeldWithBothWaysOut() async {
    let conflict = OutboxMaintenance.Entry(
      id: 6, api: "embedded", method: "PATCH", path: "notes/3", state: "conflict", attempts: 1,
      createdAt: Self.created, lastError: "changed on the server since (412)", changedKeys: ["title"])
    let (list, _) = await kumikiOutbox(["outbox"], entries: [conflict])
    #expect(list.output.contains("6  conflict  PATCH notes/3 (title)"), "\(list.output)")
    let json = await kumikiOutbox(["outbox", "--json"], entries: [conflict]).0
    #expect(json.output.hasSuffix(#""pending":0,"outcome_unknown":0,"refused":0,"conflicts":1}"# + "\n"))
    let report = OutboxMaintenance.SendReport(sent: [], refused: [], pending: 0, stopped: nil, held: [conflict])
    let (send, _) = await kumikiOutbox(["outbox", "send"], report: report)
    #expect(send.status == 1)
    #expect(
      send.error
        == "kumiki: outbox send: change 6 (PATCH notes/3) is a conflict: the item changed on the server "
        + "since (412), nothing was written — keep yours: kumiki outbox retry 6; take theirs: kumiki outbox discard 6\n"
    )
  }

  @Test func discardDropsOneChange() async {
    let (run, calls) = await kumikiOutbox(["outbox", "discard", "3"])
    #expect(
      run
        == Run(
          status: 0, output: "Discarded change 3: PATCH profile_personal, pending. It was not sent.\n",
          error: ""))
    #expect(calls == ["discard 3"])
    let json = await kumikiOutbox(["outbox", "discard", "4", "--json"]).0
    #expect(json.output.hasPrefix(#"{"discarded":{"id":4,"state":"outcome-unknown","#))
  }

  @Test(arguments: [
    ["discard", "x"], ["discard", "0"], ["discard", "-3"], ["discard"], ["discard", "1", "2"],
    ["retry", "1e3"], ["drop", "3"], ["send", "now"],
  ])
  func aBadSubcommandOrIDIsAUsageError(words: [String]) async {
    let (run, calls) = await kumikiOutbox(["outbox"] + words)
    #expect(run.status == 64)
    #expect(run.output.isEmpty)
    #expect(run.error.hasSuffix("Usage: kumiki outbox [list|send|discard ID|retry ID]\n"))
    #expect(calls.isEmpty)
  }

  @Test func anIDThatIsNotInTheOutboxIsAUsageError() async {
    for command in ["discard", "retry"] {
      let (run, calls) = await kumikiOutbox(["outbox", command, "99"])
      #expect(run.status == 64)
      #expect(
        run.error == "kumiki: outbox \(command): there is no change 99 in the outbox\nSee the changes: kumiki outbox\n")
      #expect(calls == ["\(command) 99"])
    }
  }

  @Test func helpListsTheSubcommandsAndExitCodes() async {
    let (run, calls) = await kumikiOutbox(["outbox", "--help"])
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("List, send or discard the changes waiting to reach the API.\n\nUSAGE: kumiki outbox"))
    #expect(run.output.contains("64  Usage error"))
    #expect(calls.isEmpty)
  }

  @Test func aCommandThatQueuedAWriteExitsZeroAndSaysItWasQueued() async {
    // The command reported the queued write as its failure (the write's error): the change is pending, not lost.
    let (failed, _) = await kumikiOutbox(["catalogue", "broken"], queued: (1, 1, "could not connect"))
    #expect(failed.status == 0)
    #expect(failed.output.isEmpty)
    #expect(
      failed.error == "kumiki: queued — could not connect; 1 change waiting to send (kumiki outbox lists them)\n")
    let (succeeded, _) = await kumikiOutbox(["counter", "add", "2", "--json"], queued: (1, 3, "could not connect"))
    #expect(succeeded.status == 0)
    #expect(succeeded.output == #"{"count":2}"# + "\n")
    #expect(succeeded.error.contains("3 changes waiting to send"))
  }

  @Test func aCommandThatQueuedNothingIsReportedAsBefore() async {
    let (run, _) = await kumikiOutbox(["catalogue", "broken"], queued: (0, 2, nil))
    #expect(run.status == 1)
    #expect(run.error.hasPrefix("kumiki: cannot connect"))
  }
}
