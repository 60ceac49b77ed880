import Foundation

/// What a chaos run found: the server's history (its write journal) and data compared with what every client was
/// told. The three figures the issue names — ``duplicates``, ``lost``, ``silentOverwrites`` — must be 0, and so must
/// ``unshown`` and ``waiting``; ``findings`` says which write and why, one line each.
public struct ChaosReport: Sendable, CustomStringConvertible {
  /// What a `kumiki` command that made a write told its user.
  public enum Told: Sendable, Equatable {
    /// Exit 0, not queued: the server has it.
    case acknowledged
    /// Exit 0, `kumiki: queued — …`: kept in the outbox, to be sent.
    case queued
    /// Exit 1 with its reason on standard error (`kumiki: …`), or without one (``ChaosReport/unshown``).
    case failed(String)
    /// A conflict shown (exit 3, or the app's conflict output: a `412` to its `If-Match`), with its message: nothing
    /// was written; counted as a refusal shown and a conflict shown.
    case conflict(String)
    /// Killed by the run (SIGKILL) before it said anything final.
    case killed
    /// Anything else (a usage error, a crash, a hang): a finding in itself.
    case unexpected(String)
  }

  /// One line of the server's write journal (`kumiki-api --write-journal`).
  public struct Applied: Sendable {
    public var method: String
    public var path: String
    /// Its number in its server process (from 1: a smaller one starts the next process, after a restart).
    public var seq: Int
    /// The `Idempotency-Key` the write carried.
    public var key: String?
    /// The `If-Match` the write carried.
    public var ifMatch: String?
    /// The tag a read served after it.
    public var etag: String
    /// The string values of its body (where the run's markers are).
    public var values: [String]

    public init(
      method: String, path: String, seq: Int = 0, key: String? = nil, ifMatch: String?, etag: String, values: [String]
    ) {
      (self.method, self.path, self.seq, self.key, self.ifMatch, self.etag, self.values) = (
        method, path, seq, key, ifMatch, etag, values
      )
    }
  }

  /// An outbox entry after the final drain, as the writer's database holds it.
  public struct Left: Sendable {
    public var writer: Int
    public var marker: String?
    /// `pending`, `refused`, `outcome-unknown`, …
    public var state: String
    public var lastError: String?

    public init(writer: Int, marker: String?, state: String, lastError: String?) {
      (self.writer, self.marker, self.state, self.lastError) = (writer, marker, state, lastError)
    }
  }

  /// Whether writes are conditional (`If-Match`, issue 36 item 2): then every write applied with `If-Match` must have
  /// carried the tag of what the server held just before it, or be one the user chose to force
  /// (``ChaosRun/Options/keptMine``).
  public enum Conditional: String, Sendable {
    /// On when any applied write carried `If-Match` (the apps send it), off otherwise.
    case auto
    /// Checked: a write applied with a stale `If-Match` is a silent overwrite; one without any is a blind write
    /// (``blindWrites``: its writer had read no version), counted apart.
    case on
    /// Not checked (the apps send no `If-Match` yet).
    case off
  }

  public var seed: UInt64
  /// Writes made (commands run with a value to set) and what their commands said.
  public var writes = 0
  public var acknowledged = 0
  public var queued = 0
  public var failed = 0
  public var killedClients = 0
  public var killedServers = 0
  /// Writes the server applied (journal lines of the run's writes).
  public var applied = 0
  /// Writes applied more than once (a retry done twice, or a stale write re-applied over a newer one).
  public var duplicates = 0
  /// Acknowledged writes (or queued ones that left the outbox unrefused) the server never applied.
  public var lost = 0
  /// Writes applied over a change they did not see: applied although their user was told it failed or was refused
  /// (a 412 never applied silently; a resend of an attempt already applied gets that attempt's answer, never a
  /// refusal), and, with conditional writes, applied with a stale `If-Match`.
  public var silentOverwrites = 0
  /// Writes the server applied after a later write of the same writer (markers are numbered in the order they were
  /// made): one writer's changes reaching the server out of order (issue 36 item 3: one resource's writes are sent
  /// in order). A write whose process was killed is left out: its request may still be on its way to the server (in
  /// a latency fault) when the writer's next command runs, and nobody was told it was made.
  public var reordered = 0
  /// Refusals and failures the user was not shown (exit 1 without a reason, a refused entry `kumiki outbox` does not
  /// list).
  public var unshown = 0
  /// Refusals shown: failed commands and refused outbox entries, of which conflicts (`412`).
  public var refusalsShown = 0
  public var conflictsShown = 0
  /// Writes still waiting in an outbox after the final drain against a healthy server.
  public var waiting = 0
  /// Writes whose writer read the item first (``ChaosSchedule/Step/reads``).
  public var reads = 0
  /// Applied writes that carried `If-Match` (a version their writer read, first or earlier).
  public var conditionalWrites = 0
  /// Whether the conditional-write check ran.
  public var conditional = Conditional.off
  /// Applied writes sent without `If-Match` by a writer that had read no version of the item (not chosen over a
  /// conflict): they overwrite nothing the user was shown, so they are counted apart, not as silent overwrites.
  public var blindWrites = 0
  /// The server's data is what its journal says (the last write's tag is what a read serves).
  public var dataMatchesJournal = true
  /// The subject: the command and option that write, the path they write.
  public var subject = ""
  /// Wall-clock seconds of the rounds and the drain.
  public var seconds = 0.0
  /// One line per finding, naming the write.
  public var findings: [String] = []

  /// An empty report of the run of `seed`.
  public init(seed: UInt64) { self.seed = seed }

  /// Whether the run found nothing wrong.
  public var passed: Bool {
    duplicates == 0 && lost == 0 && silentOverwrites == 0 && unshown == 0 && waiting == 0 && reordered == 0
      && dataMatchesJournal
      && findings.isEmpty
  }

  public var description: String {
    let perWrite = writes > 0 ? String(format: "%.0f ms", seconds * 1000 / Double(writes)) : "-"
    var text =
      "chaos seed \(seed) (KUMIKI_CHAOS_SEED=\(seed) replays it): \(writes) writes via \(subject); "
      + "\(duplicates) duplicates, \(lost) lost, \(silentOverwrites) silent overwrites, \(unshown) unshown, "
      + "\(waiting) waiting, \(reordered) reordered; told: \(acknowledged) acknowledged, \(queued) queued, \(failed) failed, "
      + "\(killedClients) clients killed; \(applied) applied; \(refusalsShown) refusals shown (\(conflictsShown) "
      + "conflicts); server killed \(killedServers) times; \(reads) writes read first, \(conditionalWrites) "
      + "applied with If-Match; If-Match check \(conditional.rawValue) (\(blindWrites) blind writes); "
      + "data \(dataMatchesJournal ? "matches" : "DOES NOT match") the journal; "
      + String(format: "%.1f s, %@ per write", seconds, perWrite)
    for finding in findings.prefix(20) { text += "\n  " + finding }
    if findings.count > 20 { text += "\n  … \(findings.count - 20) more" }
    return text
  }

  /// Compares `journal` (every applied write, in order, from `initialTag`, the tag of `path` before the run) with
  /// what each write's command said (`told`, by marker), what is `left` in the outboxes, how many refused entries
  /// `kumiki outbox` listed per writer (`listedRefused`), and the tag a read of `path` serves at the end.
  public mutating func judge(
    told: [String: Told], journal: [Applied], left: [Left], listedRefused: [Int: Int], refusedInDatabase: [Int: Int],
    path: String, initialTag: String?, finalTag: String?, conditionalMode: Conditional, keptMine: Set<String>
  ) {
    writes = told.count
    func note(_ line: String) { findings.append(line) }
    var appliedCount: [String: Int] = [:]
    var keys: [String: Set<String>] = [:]
    for write in journal {
      for value in write.values where told[value] != nil {
        appliedCount[value, default: 0] += 1
        keys[value, default: []].insert(write.key ?? "none")
      }
    }
    applied = appliedCount.values.reduce(0, +)
    conditionalWrites = journal.count { write in write.ifMatch != nil && write.values.contains { told[$0] != nil } }
    let leftByMarker = Dictionary(left.compactMap { entry in entry.marker.map { ($0, entry) } }) { first, _ in first }

    for (marker, said) in told.sorted(by: { $0.key < $1.key }) {
      let count = appliedCount[marker] ?? 0
      let entry = leftByMarker[marker]
      if count > 1 {
        duplicates += 1
        // One key: the server did it again (it did not honour the key); several: the client sent it again as a new
        // write.
        let used = keys[marker, default: []]
        note(
          "\(marker): applied \(count) times (told \(said)), "
            + (used.count == 1 ? "each with the same Idempotency-Key" : "with \(used.count) Idempotency-Keys"))
      }
      switch said {
      case .acknowledged:
        acknowledged += 1
        if count == 0 {
          lost += 1
          note("\(marker): acknowledged, never applied")
        }
      case .queued:
        queued += 1
        if entry == nil, count == 0 {
          lost += 1
          note("\(marker): queued, gone from the outbox, never applied")
        }
      case .failed(let reason):
        failed += 1
        if reason.isEmpty {
          unshown += 1
          note("\(marker): failed without a reason shown")
        } else {
          refusalsShown += 1
          if reason.contains("412") { conflictsShown += 1 }
        }
        if count > 0, !keptMine.contains(marker) {
          silentOverwrites += 1
          note("\(marker): told it failed (\(reason)), applied")
        }
      case .conflict(let message):
        failed += 1
        refusalsShown += 1
        conflictsShown += 1
        if message.isEmpty {
          unshown += 1
          note("\(marker): a conflict without its message shown")
        }
        if count > 0, !keptMine.contains(marker) {
          silentOverwrites += 1
          note("\(marker): told it met a conflict (\(message)), applied")
        }
      case .killed:
        killedClients += 1
      case .unexpected(let what):
        note("\(marker): \(what)")
      }
      if let entry {
        switch entry.state {
        case "refused", "conflict":
          refusalsShown += 1
          if entry.state == "conflict" || entry.lastError?.contains("412") == true { conflictsShown += 1 }
          // A refused entry is never sent again (the outbox's rule, OutboxTests): what was applied was an earlier
          // attempt whose answer was lost, and its resend was refused instead of answered as it was.
          if count > 0, !keptMine.contains(marker) {
            silentOverwrites += 1
            note("\(marker): refused in writer \(entry.writer)'s outbox (\(entry.lastError ?? "")), applied")
          }
        default:
          waiting += 1
          note("\(marker): still \(entry.state) in writer \(entry.writer)'s outbox (\(entry.lastError ?? ""))")
        }
      }
    }
    for (writer, count) in refusedInDatabase where listedRefused[writer, default: 0] != count {
      unshown += abs(count - listedRefused[writer, default: 0])
      note("writer \(writer): \(count) refused entries, kumiki outbox lists \(listedRefused[writer, default: 0])")
    }

    // Order: each writer's writes are first applied in the order they were made.
    var latest: [Substring: String] = [:]
    var seen: Set<String> = []
    for write in journal {
      guard let marker = write.values.first(where: { told[$0] != nil }), seen.insert(marker).inserted else { continue }
      let writer = marker.prefix(3)
      if let last = latest[writer], last > marker, told[marker] != .killed {
        reordered += 1
        note("\(marker): applied after \(last), made after it")
      } else {
        latest[writer] = marker
      }
    }

    // Conditional writes: each applied write carried the tag of what it changed, as the server held it.
    let sawIfMatch = journal.contains { $0.ifMatch != nil }
    conditional = conditionalMode == .auto ? (sawIfMatch ? .on : .off) : conditionalMode
    var current: [String: String] = [:]
    if let initialTag { current[path] = initialTag }
    for write in journal {
      let marker = write.values.first { told[$0] != nil }
      if conditional == .on, let marker, !keptMine.contains(marker) {
        if write.ifMatch == nil {
          // A blind write: its writer had read no version of the item (a command on a database that holds no
          // answer for the path), so it overwrote nothing it was shown; counted, not a finding.
          blindWrites += 1
        } else if write.ifMatch != current[write.path] {
          silentOverwrites += 1
          note(
            "\(marker): applied with If-Match \(write.ifMatch ?? "none") over "
              + "\(current[write.path] ?? "an unknown tag")")
        }
      }
      current[write.path] = write.etag
    }
    if let last = current[path], let finalTag, last != finalTag {
      dataMatchesJournal = false
      note("\(path): the server serves \(finalTag), its journal's last write left \(last)")
    }
  }
}
