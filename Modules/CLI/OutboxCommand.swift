import FeatureKit
import Foundation
import LoadingScreenKit

/// `kumiki outbox [list]`, `kumiki outbox send`, `kumiki outbox discard ID`, `kumiki outbox retry ID`: parsing,
/// running and printing, text or `--json`.
enum OutboxCommand: Equatable, Sendable {
  case list
  case send
  case discard(Int64)
  case retry(Int64)

  static let group = "outbox"

  /// The help of `kumiki outbox`.
  static let help = """
    List, send or discard the changes waiting to reach the API.

    USAGE: kumiki outbox [list|send|discard ID|retry ID]

    SUBCOMMANDS:
      list        The waiting changes, oldest first (the default).
      send        Send the waiting changes now, in order.
      discard ID  Drop change ID without sending it.
      retry ID    Send again change ID whose outcome is unknown (check first that the server does not have it),
                  or, for a conflict, keep yours: send it over the newer change on the server.

    A change (a profile edit, say) that cannot reach the API — refused, timed out, no such host — is kept in the
    database and sent, in order, by the next run that reaches the API. Every change carries an Idempotency-Key, the
    same at every attempt, so the API does it once however often it is sent: one whose answer was lost is simply
    sent again. Only a POST kept by an older Kumiki (without a key) whose answer was lost is shown as "outcome
    unknown" and is never sent twice by itself. A change the server refuses later is rolled back and shown as
    "refused" until discarded.

    A change made over an item someone else changed since (the API answers 412 Precondition Failed to its If-Match)
    is not written: it is shown as "conflict", rolled back, and waits for you. Keep yours: retry ID (sent again without
    the condition, over the other change). Take theirs: discard ID.

    A row this version cannot read (written by a newer Kumiki, or damaged) is listed as "unreadable entry #ID: why";
    it is never sent, the changes after it wait behind it, and discard ID drops it.

    EXIT CODES:
      0   Success (send: nothing is left to send; a change the server refused was rolled back and is said).
      1   Failure, with a one-line reason on standard error (send: changes still wait, or are held: outcome unknown,
          conflict, unreadable).
      64  Usage error: an unknown subcommand or option, or an ID that is not in the outbox.

    EXAMPLES:
      kumiki outbox
      kumiki outbox --json
      kumiki outbox send
      kumiki outbox discard 3

    """

  /// The subcommand asked for by `arguments` (after `outbox`), `nil` for help.
  static func parse(_ arguments: [String]) throws(UsageError) -> OutboxCommand? {
    let words = arguments.filter { $0 != "--" }
    if words.contains("--help") || words.contains("-h") { return nil }
    let usage = "Usage: kumiki outbox [list|send|discard ID|retry ID]"
    if let option = words.first(where: ArgumentBinder.looksLikeOption) {
      var error = UsageError("unknown option '\(TextLine.clean(option))' for 'outbox'", details: [usage])
      if let suggestion = Suggester.suggestion(for: CLIOptions.split(option).name, among: CLIOptions.names) {
        error.details.insert("Did you mean '\(suggestion)'?", at: 0)
      }
      throw error
    }
    switch words.first {
    case nil where words.isEmpty: return .list
    case "list" where words.count == 1: return .list
    case "send" where words.count == 1: return .send
    case "discard" where words.count == 2, "retry" where words.count == 2:
      let number = words[1]
      guard let id = Int64(number), id > 0 else {
        throw UsageError("outbox \(words[0]): '\(TextLine.clean(number))' is not a change's ID", details: [usage])
      }
      return words[0] == "discard" ? .discard(id) : .retry(id)
    case "discard", "retry":
      throw UsageError("outbox \(words[0]) needs one ID (kumiki outbox lists them)", details: [usage])
    default:
      let given = TextLine.clean(words.joined(separator: " "))
      var error = UsageError("unknown outbox command '\(given)'", details: [usage])
      if let first = words.first,
        let suggestion = Suggester.suggestion(for: first, among: ["list", "send", "discard", "retry"])
      {
        error.details.insert("Did you mean 'kumiki outbox \(suggestion)'?", at: 0)
      }
      throw error
    }
  }

  private var word: String {
    switch self {
    case .list: "list"
    case .send: "send"
    case .discard: "discard"
    case .retry: "retry"
    }
  }

  /// Runs the subcommand and prints its result.
  func run(
    _ outbox: OutboxMaintenance, options: CLIOptions, standardOutput: any TextStream, standardError: any TextStream
  ) async -> CLIExitCode {
    do {
      switch self {
      case .list:
        let entries = try await outbox.list(options)
        standardOutput.write(
          options.json ? try options.jsonText(Self.json(entries), command: "outbox list") : Self.text(entries))
        return .success
      case .send:
        return try Self.print(try await outbox.send(options), options, standardOutput, standardError)
      case .discard(let id):
        guard let entry = try await outbox.discard(options, id) else { return Self.unknown(id, word, standardError) }
        standardOutput.write(
          options.json
            ? try options.jsonText(.object([("discarded", Self.json(entry))]), command: "outbox discard")
            : "Discarded change \(id): \(Self.summary(entry)). It was not sent.\n")
        return .success
      case .retry(let id):
        guard let report = try await outbox.retry(options, id) else {
          return Self.unknown(id, word, standardError)
        }
        return try Self.print(report, options, standardOutput, standardError)
      }
    } catch let error as UsageError {
      standardError.write(error.report)
      return .usage
    } catch let error as CommandError {
      standardError.write(UsageError(TextLine.clean("outbox \(word): \(error.description)")).report)
      return .usage
    } catch {
      standardError.write("kumiki: outbox \(word): \(TextLine.clean(String(describing: error)))\n")
      return .failure
    }
  }

  private static func unknown(_ id: Int64, _ word: String, _ standardError: any TextStream) -> CLIExitCode {
    standardError.write(
      UsageError(
        "outbox \(word): there is no change \(id) in the outbox", details: ["See the changes: kumiki outbox"]
      ).report)
    return .usage
  }

  /// Prints what a send did: the sent and refused changes on standard output, refusals and what still waits on
  /// standard error; 1 when changes still wait.
  private static func print(
    _ report: OutboxMaintenance.SendReport, _ options: CLIOptions, _ standardOutput: any TextStream,
    _ standardError: any TextStream
  ) throws(UsageError) -> CLIExitCode {
    if options.json {
      standardOutput.write(
        try options.jsonText(
          .object([
            ("sent", .array(report.sent.map(json))),
            ("refused", .array(report.refused.map(json))),
            ("pending", .int(report.pending)),
            ("stopped", report.stopped.map { .string($0) } ?? .null),
            ("held", .array(report.held.map(json))),
          ]), command: "outbox send"))
    } else {
      let count = report.sent.count
      let nothingLeft = report.pending == 0 && report.held.isEmpty
      standardOutput.write(
        count > 0 || !report.refused.isEmpty
          ? "Sent \(count) \(count == 1 ? "change" : "changes").\n"
          : nothingLeft ? "Nothing to send.\n" : "Nothing was sent.\n")
    }
    for entry in report.refused {
      let why = entry.lastError ?? "refused by the server"
      standardError.write(
        TextLine.clean("kumiki: change \(entry.id) (\(entry.method) \(entry.path)): \(why); it was rolled back") + "\n")
    }
    for entry in report.held { standardError.write(TextLine.clean("kumiki: outbox send: \(held(entry))") + "\n") }
    guard report.pending > 0 else { return report.held.isEmpty ? .success : .failure }
    let waiting = "\(report.pending) \(report.pending == 1 ? "change" : "changes") still waiting to send"
    standardError.write("kumiki: outbox send: \(waiting): \(TextLine.clean(report.stopped ?? "not sent"))\n")
    return .failure
  }

  /// What a held entry waits for, and what the user can do.
  static func held(_ entry: OutboxMaintenance.Entry) -> String {
    if entry.state == "unreadable" {
      return "unreadable entry #\(entry.id) is held: \(entry.lastError ?? "it cannot be read") — the changes after it "
        + "wait behind it; kumiki outbox discard \(entry.id) drops it"
    }
    if entry.state == "conflict" {
      return "change \(entry.id) (\(entry.method) \(entry.path)) is a conflict: the item changed on the server since "
        + "(412), nothing was written — keep yours: kumiki outbox retry \(entry.id); take theirs: kumiki outbox "
        + "discard \(entry.id)"
    }
    return "change \(entry.id) (\(entry.method) \(entry.path)) is held: \(entry.lastError ?? entry.state) — check "
      + "whether the server has it, then kumiki outbox retry \(entry.id) or kumiki outbox discard \(entry.id)"
  }

  /// `PATCH profile_personal, pending` and the like.
  static func summary(_ entry: OutboxMaintenance.Entry) -> String {
    if entry.state == "unreadable" { return "an unreadable entry" }
    return "\(entry.method) \(entry.path), \(entry.state.replacingOccurrences(of: "-", with: " "))"
  }

  /// `PATCH profile_personal (nickname)`: the method, the path and the keys the write changes.
  static func change(_ entry: OutboxMaintenance.Entry) -> String {
    entry.method + " " + entry.path
      + (entry.changedKeys.isEmpty ? "" : " (" + entry.changedKeys.joined(separator: ", ") + ")")
  }

  static func text(_ entries: [OutboxMaintenance.Entry]) -> String {
    guard !entries.isEmpty else { return "The outbox is empty: no change waits to send.\n" }
    let pending = pendingCount(entries)
    var lines = ["Outbox: \(pending) \(pending == 1 ? "change" : "changes") waiting to send"]
    for entry in entries {
      if entry.state == "unreadable" {
        lines.append(TextLine.clean("unreadable entry #\(entry.id): \(entry.lastError ?? "it cannot be read")"))
        continue
      }
      // Each field made one inert line of its own (data from the database is not trusted), two spaces between.
      var fields = [
        "\(entry.id)", entry.state, change(entry), "queued " + entry.createdAt.fetchTimeText,
      ]
      if entry.attempts > 0 { fields.append("\(entry.attempts) \(entry.attempts == 1 ? "attempt" : "attempts")") }
      if let error = entry.lastError { fields.append("(\(error))") }
      if entry.api != "embedded" { fields.append("to \(entry.api)") }
      lines.append(fields.map(TextLine.clean).joined(separator: "  "))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The changes that still wait: pending, or being sent by another process now.
  static func pendingCount(_ entries: [OutboxMaintenance.Entry]) -> Int {
    entries.count { $0.state == "pending" || $0.state == "sending" }
  }

  static func json(_ entries: [OutboxMaintenance.Entry]) -> JSONValue {
    .object([
      ("writes", .array(entries.map(json))),
      ("pending", .int(pendingCount(entries))),
      ("outcome_unknown", .int(entries.count { $0.state == "outcome-unknown" })),
      ("refused", .int(entries.count { $0.state == "refused" })),
      ("conflicts", .int(entries.count { $0.state == "conflict" })),
    ])
  }

  static func json(_ entry: OutboxMaintenance.Entry) -> JSONValue {
    .object([
      ("id", .int(Int(entry.id))),
      ("state", .string(entry.state)),
      ("method", .string(entry.method)),
      ("path", .string(entry.path)),
      ("changed_keys", .array(entry.changedKeys.map { .string($0) })),
      ("api", .string(entry.api)),
      ("attempts", .int(entry.attempts)),
      ("created_at", .string(CacheCommand.iso8601(entry.createdAt))),
      ("last_error", entry.lastError.map { .string($0) } ?? .null),
    ])
  }
}
