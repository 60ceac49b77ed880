import FixtureData
import Foundation
import Synchronization

import enum Networking.SHA256

/// The answers to writes that carried an `Idempotency-Key`, so a repeated write is answered again instead of done
/// again (Stripe's and the IETF draft's header).
///
/// A write with a key claims it (``claim(_:)``): a key never seen goes on (the write runs, and its answer, when it is
/// a success, is kept by ``FixtureStore/update(keeping:journaling:_:)`` in the same save as its change, then ``keep(_:)``; or
/// ``abandon(_:)`` forgets the key when it was refused or failed — it changed nothing — so a retry is done again); a
/// key kept for the same request (method, path and the SHA-256 of the body's bytes) is answered with the kept answer;
/// a key kept for another request is a mismatch (`422`); a key whose first request is still running is busy (`409`).
///
/// Bounds: at most ``Limits/keys`` keys, each kept ``Limits/age``, and ``Limits/bytes`` of answers in all; past
/// them the oldest are dropped first. With a data file the keys are saved in it, as its member ``memberName``
/// (``member(adding:)``), by the same atomic save as the write they answer: a server killed at any moment has saved
/// both the change and its key, or neither. The member is taken out of the data when the file is read (``split(_:)``),
/// so no read serves it. Keys an older server kept beside the file (``sideFileName(of:)``) are read at start
/// (``records(inSideFile:now:log:)``) and moved into the data file. Each record is checked when read: one that is not
/// a valid record, or is past its age, is dropped.
final class IdempotencyStore: Sendable {
  /// How many keys, for how long, and how many bytes of answers are kept.
  struct Limits: Sendable, Equatable {
    /// The most keys kept: 1,000.
    var keys = 1000
    /// How long a key is kept: 24 hours.
    var age: TimeInterval = 24 * 60 * 60
    /// The most bytes of kept answers in all: 4 MiB (they share the data file's 16 MiB with the data).
    var bytes = 4 << 20
  }

  /// One request whose key is claimed: its key, method, path and the SHA-256 of its body (hex).
  struct Request: Sendable, Equatable {
    var key: String
    var method: String
    var path: String
    var digest: String

    init(key: String, method: String, path: String, body: [UInt8]) {
      self.key = key
      self.method = method
      self.path = path
      self.digest = SHA256.hash(body).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    init(key: String, method: String, path: String, digest: String) {
      self.key = key
      self.method = method
      self.path = path
      self.digest = digest
    }
  }

  /// A kept answer: the request it answered and what it was.
  struct Record: Sendable, Equatable {
    var request: Request
    /// The answer's status (2xx).
    var status: Int
    /// For a `201`, the created item's id (its `Location` is built again for the request that replays it).
    var createdID: String?
    /// The answer's JSON.
    var payload: JSONValue
    /// When it was kept.
    var at: Date

    /// The record's size toward ``Limits/bytes``: its answer's JSON.
    var bytes: Int { JSONWriter(prettyPrinted: false).bytes(of: payload).count }
  }

  /// What a claim found.
  enum Claim: Sendable, Equatable {
    /// A new key: the write runs.
    case proceed
    /// The same request was answered: this answer again.
    case replay(Record)
    /// The key answered another request (`422`).
    case mismatch(Request)
    /// The key's first request is still running (`409`).
    case busy
  }

  /// The request header.
  static let headerName = "Idempotency-Key"
  /// The answer header on a replayed answer (`true`).
  static let replayedHeaderName = "Idempotent-Replayed"
  /// The longest key: 255 characters.
  static let maximumKeyLength = 255
  /// The data file's member that holds the keys: `{"version": 1, "keys": [record…]}`, never served.
  static let memberName = "kumiki-api:idempotency-keys"
  /// Where older servers kept the keys, beside the data file `name`: `name.idempotency.json` (read once, moved into
  /// the data file, then removed).
  static func sideFileName(of name: String) -> String { "\(name).idempotency.json" }

  /// Whether `key` is a key the server takes: 1 to 255 visible ASCII characters (`!` to `~`), as a UUID is.
  static func isValidKey(_ key: String) -> Bool {
    let bytes = Array(key.utf8)
    return (1...maximumKeyLength).contains(bytes.count) && bytes.allSatisfy { (0x21...0x7E).contains($0) }
  }

  private struct State {
    /// By key; `order` holds the keys oldest first.
    var records: [String: Record] = [:]
    var order: [String] = []
    var bytes = 0
    var running: Set<String> = []
  }

  private let state = Mutex(State())
  private let limits: Limits
  private let now: @Sendable () -> Date

  /// A store holding `records` (read back from a data file; each checked against the bounds now).
  init(records: [Record] = [], limits: Limits = Limits(), now: @escaping @Sendable () -> Date = { Date() }) {
    self.limits = limits
    self.now = now
    for record in records { state.withLock { Self.keep(record, in: &$0, limits: limits, now: now()) } }
  }

  /// The keys kept now, oldest first (tests).
  var keys: [String] { state.withLock { $0.order } }

  /// Claims `request`'s key (see the type's rules).
  func claim(_ request: Request) -> Claim {
    let now = now()
    return state.withLock { state in
      Self.evict(&state, limits: limits, now: now)
      if let record = state.records[request.key] {
        return record.request == request ? .replay(record) : .mismatch(record.request)
      }
      guard state.running.insert(request.key).inserted else { return .busy }
      return .proceed
    }
  }

  /// The kept answer of `request`, if its key is kept for this same request: what a repeat is answered, before
  /// anything else is looked at (faults, `If-Match`). Claims nothing.
  func replay(of request: Request) -> Record? {
    let now = now()
    return state.withLock { state in
      Self.evict(&state, limits: limits, now: now)
      guard let record = state.records[request.key], record.request == request else { return nil }
      return record
    }
  }

  /// The record of the answer to a claimed request, made now; kept by ``keep(_:)`` once saved.
  func record(_ request: Request, status: Int, createdID: String?, payload: JSONValue) -> Record {
    Record(request: request, status: status, createdID: createdID, payload: payload, at: now())
  }

  /// Keeps the answer to a claimed request (saved with its write: ``FixtureStore/update(keeping:journaling:_:)``).
  func keep(_ record: Record) {
    state.withLock { state in
      state.running.remove(record.request.key)
      Self.keep(record, in: &state, limits: limits, now: record.at)
    }
  }

  /// Forgets a claimed key whose write changed nothing (refused, failed): a retry with it is done again.
  func abandon(_ request: Request) {
    _ = state.withLock { $0.running.remove(request.key) }
  }

  // MARK: - Bounds

  private static func keep(_ record: Record, in state: inout State, limits: Limits, now: Date) {
    guard isValidKey(record.request.key), state.records[record.request.key] == nil else { return }
    let size = record.bytes
    guard size <= limits.bytes else { return }
    state.records[record.request.key] = record
    state.order.append(record.request.key)
    state.bytes += size
    evict(&state, limits: limits, now: now)
  }

  /// Drops the oldest keys while past a bound.
  private static func evict(_ state: inout State, limits: Limits, now: Date) {
    var dropped = 0
    for key in state.order {
      guard let record = state.records[key] else {
        dropped += 1
        continue
      }
      let expired = !(now.timeIntervalSince(record.at) < limits.age)
      guard expired || state.order.count - dropped > limits.keys || state.bytes > limits.bytes else { break }
      state.records[key] = nil
      state.bytes -= record.bytes
      dropped += 1
    }
    if dropped > 0 { state.order.removeFirst(dropped) }
  }

  // MARK: - In the data file

  /// The data file's ``memberName`` value: every kept answer, with `adding` (a write's, being saved with it) after
  /// them, and `journalLine` (test-only: the write's ``WriteJournal`` line, ``journalLine(in:)``), or `nil` when there
  /// is neither.
  func member(adding record: Record? = nil, journalLine: String? = nil) -> JSONValue? {
    var records = state.withLock { state in state.order.compactMap { state.records[$0] } }
    if let record, !records.contains(where: { $0.request.key == record.request.key }) { records.append(record) }
    guard !records.isEmpty || journalLine != nil else { return nil }
    var members: [(String, JSONValue)] = [("version", .integer(1)), ("keys", .array(records.map(Self.json(of:))))]
    if let journalLine { members.append((Self.journalLineName, .string(journalLine))) }
    return .object(JSONObject(members))
  }

  /// The ``memberName`` field that holds, with a write journal (test-only), the journal line of the write the save
  /// made: saved in the write's own atomic save, so a server killed after it and before the line reached the journal
  /// leaves the line here, and the next server appends it (``WriteJournal/init(url:lastSaved:)``).
  static let journalLineName = "journal-line"

  /// The journal line saved in `database`'s ``memberName`` (as read from the data file, before ``split(_:)``), if any:
  /// one line, without a line break, as ``WriteJournal`` writes them (its length is bounded by the data file's);
  /// text with a line break is not a line this server saved, and is not appended.
  static func journalLine(in database: FixtureDatabase) -> String? {
    guard case .object(let member)? = database[memberName], case .string(let line)? = member[journalLineName],
      !line.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
    else { return nil }
    return line
  }

  /// `database` as read from a data file, without its ``memberName`` member when that holds keys (the records it
  /// holds, each checked); a member of that name that is not a key list stays in the data (it is someone's data) and
  /// the records are `nil`.
  static func split(_ database: FixtureDatabase) -> (database: FixtureDatabase, records: [Record]?) {
    guard let member = database[memberName], let records = records(in: member) else { return (database, nil) }
    var database = database
    database.root[memberName] = nil
    return (database, records)
  }

  /// The records of a key list, `{"version": 1, "keys": [...]}` (at most 2,048 read), or `nil` when it is not one.
  static func records(in json: JSONValue) -> [Record]? {
    guard case .object(let root) = json, root["version"] == .integer(1), case .array(let items)? = root["keys"]
    else { return nil }
    return items.prefix(2048).compactMap(Self.record(from:))
  }

  /// The records an older server kept in the side file `file`, or `nil` when there is none; one that cannot be
  /// read or is not a key list is kept aside (`<side>.corrupt-<time>`, never deleted) and gives none, saying so in
  /// `log`.
  static func records(
    inSideFile file: DatabaseFile, now: Date, log: @Sendable (String) -> Void
  ) -> [Record]? {
    guard FileManager.default.fileExists(atPath: file.url.path) else { return nil }
    let json: JSONValue
    do {
      json = try JSONParser.parse(try file.read(), maximumDepth: JSONParser.maximumDepth)
    } catch {
      let aside = try? file.keepAside(now: now)
      log(
        "cannot read the idempotency keys (\(error)); starting without them"
          + (aside.map { " (the file is kept as \($0))" } ?? ""))
      return nil
    }
    guard let records = records(in: json) else {
      let aside = try? file.keepAside(now: now)
      log(
        "\(file.url.path) is not an idempotency key file this server reads; starting without its keys"
          + (aside.map { " (the file is kept as \($0))" } ?? ""))
      return nil
    }
    return records
  }

  private static func json(of record: Record) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("key", .string(record.request.key)), ("method", .string(record.request.method)),
      ("path", .string(record.request.path)), ("digest", .string(record.request.digest)),
      ("status", .integer(record.status)),
    ]
    if let id = record.createdID { members.append(("createdID", .string(id))) }
    members += [("answer", record.payload), ("at", .double(record.at.timeIntervalSince1970))]
    return .object(JSONObject(members))
  }

  /// A record read back, checked field by field: `nil` for anything that is not one.
  static func record(from json: JSONValue) -> Record? {
    guard case .object(let object) = json,
      case .string(let key)? = object["key"], isValidKey(key),
      case .string(let method)? = object["method"], WriteRequest.Method(rawValue: method) != nil,
      case .string(let path)? = object["path"], path.hasPrefix("/"), path.utf8.count <= 8192,
      case .string(let digest)? = object["digest"], digest.utf8.count == 64,
      digest.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
      case .integer(let status)? = object["status"], (200..<300).contains(status),
      let payload = object["answer"],
      let at = object["at"].flatMap(seconds(of:)), at.isFinite
    else { return nil }
    var createdID: String?
    if let value = object["createdID"] {
      guard case .string(let id) = value, id.utf8.count <= 1024 else { return nil }
      createdID = id
    }
    return Record(
      request: Request(key: key, method: method, path: path, digest: digest), status: status, createdID: createdID,
      payload: payload, at: Date(timeIntervalSince1970: at))
  }

  private static func seconds(of value: JSONValue) -> Double? {
    switch value {
    case .integer(let seconds): Double(seconds)
    case .double(let seconds): seconds
    default: nil
    }
  }
}

extension String {
  /// The string padded on the left with zeros to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
