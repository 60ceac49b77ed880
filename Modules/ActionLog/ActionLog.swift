import Core
import Foundation
import Synchronization

/// Writes every action that reaches the reducer as one JSON line (``line(sequence:timestamp:source:action:)``, used
/// by `SessionRecorder` and DevTools' export), and reads and replays such a log into a store.
///
/// ## Format
/// JSON Lines. A line looks like `{"seq":1,"t":"2026-11-21T09:30:00.125Z","by":"user","action":{...}}`: a
/// sequence number, a UTC timestamp with milliseconds, who dispatched the action (``ActionSource`` as
/// `"user"`, `"effect"` or `"follow-up"`; see ``ActionLog/sourceName(_:)``) and the action's own JSON. Logs written
/// before `"by"` existed leave it out; readers then report the source as `nil`.
///
/// A log may start with a header line, `{"kumiki":"session","schema":1,…}` (``ActionLogHeader``): which app and
/// which features recorded it. Readers accept logs with and without it (DevTools exports before sessions had
/// none): ``entries(in:decode:)`` and ``replay(_:into:decode:)`` skip it, ``read(_:)`` returns it.
///
public enum ActionLog {
  /// One log line (without its newline): `{"seq":…,"t":"…","by":"…","action":…}`. `action` must be one JSON
  /// value (it is copied verbatim).
  public static func line(sequence: Int, timestamp: Date, source: ActionSource?, action: Data) -> String {
    let by = source.map { #","by":"\#(sourceName($0))""# } ?? ""
    return
      #"{"seq":\#(sequence),"t":"\#(self.timestamp(timestamp))"\#(by),"action":\#(String(decoding: action, as: UTF8.self))}"#
  }

  /// The name a source has in a log line: `user` (``ActionSource/external``: what the app's user, a command or
  /// the app's own start-up dispatched), `effect`, or `follow-up`.
  public static func sourceName(_ source: ActionSource) -> String {
    switch source {
    case .external: "user"
    case .effect: "effect"
    case .followUp: "follow-up"
    }
  }

  /// Reads a log (JSON Lines; blank lines ignored) without decoding its actions: the header, if the first line is
  /// one, and every entry with its line number and the action's JSON.
  ///
  /// Lines end at `\n` (a `\r` before it is dropped) and nowhere else: U+2028, U+0085 and the like are text, as
  /// they are inside JSON strings. Every entry's `seq` is a positive integer greater than the previous entry's, so
  /// an action number names one action.
  /// - Throws: ``ActionLogError`` naming the first bad line (recorded text in the reason is quoted as JSON).
  public static func read(
    _ log: String
  ) throws(ActionLogError) -> (header: ActionLogHeader?, records: [ActionLogRecord]) {
    var header: ActionLogHeader?
    var records: [ActionLogRecord] = []
    var seenContent = false
    for (index, bytes) in log.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      let line = String(decoding: bytes.last == 0x0D ? bytes.dropLast() : bytes, as: UTF8.self)
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty { continue }
      let object: [String: Any]
      do {
        guard let parsed = try JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any] else {
          throw ActionLogError.malformedLine(number, "expected a JSON object")
        }
        object = parsed
      } catch let error as ActionLogError {
        throw error
      } catch {
        throw .malformedLine(number, "not JSON (\(Self.reason(error)))")
      }
      defer { seenContent = true }
      if object["kumiki"] != nil {
        guard !seenContent else { throw .malformedLine(number, "a header line is only allowed first") }
        header = try ActionLogHeader(object, line: number)
        continue
      }
      guard let seq = object["seq"] as? Int, let time = object["t"] as? String, let action = object["action"] else {
        throw .malformedLine(number, #"expected {"seq","t","action"}"#)
      }
      guard let date = parseTimestamp(time) else {
        throw .malformedLine(
          number, "\"t\" is not an ISO 8601 time with milliseconds: \(ActionLogHeader.quoted(time))")
      }
      guard seq >= 1, seq > records.last?.sequence ?? 0 else {
        let previous = records.last.map { "greater than the previous entry's (\($0.sequence))" } ?? "at least 1"
        throw .malformedLine(number, "\"seq\" is \(seq); it must be \(previous)")
      }
      var source: ActionSource?
      if let by = object["by"] {
        guard let name = by as? String, let known = ActionSource.allCases.first(where: { sourceName($0) == name })
        else { throw .malformedLine(number, #""by" must be "user", "effect" or "follow-up""#) }
        source = known
      }
      let actionData: Data
      do {
        actionData = try JSONSerialization.data(withJSONObject: action, options: [.fragmentsAllowed, .sortedKeys])
      } catch {
        throw .malformedLine(number, Self.reason(error))
      }
      records.append(
        ActionLogRecord(line: number, sequence: seq, timestamp: date, source: source, action: actionData))
    }
    return (header, records)
  }

  /// Parses a log into its entries, decoding each action. A header line, if any, is skipped (``read(_:)`` returns
  /// it).
  /// - Throws: ``ActionLogError`` naming the first bad line: ``ActionLogError/malformedLine(_:_:)``, or
  ///   ``ActionLogError/undecodableAction(line:sequence:reason:)`` when `decode` fails.
  public static func entries<Action>(
    in log: String,
    decode: (Data) throws -> Action
  ) throws -> [ActionLogEntry<Action>] {
    try read(log).records.map { record in
      let action: Action
      do {
        action = try decode(record.action)
      } catch {
        throw ActionLogError.undecodableAction(line: record.line, sequence: record.sequence, reason: reason(error))
      }
      return ActionLogEntry(
        sequence: record.sequence, timestamp: record.timestamp, source: record.source, line: record.line,
        action: action)
    }
  }

  /// Dispatches every action of `log`, in order, into `store`. Give it a store without side-effect middlewares
  /// to reproduce the recorded state.
  public static func replay<State: Sendable, Action: Sendable>(
    _ log: String,
    into store: Store<State, Action>,
    decode: (Data) throws -> Action
  ) throws {
    for entry in try entries(in: log, decode: decode) { store.dispatch(entry.action) }
  }

  /// Convenience for `Decodable` actions.
  public static func replay<State: Sendable, Action: Sendable & Decodable>(
    _ log: String,
    into store: Store<State, Action>
  ) throws {
    try replay(log, into: store) { try JSONDecoder().decode(Action.self, from: $0) }
  }

  /// `2026-11-21T09:30:00.125Z`: the log's time format (UTC, milliseconds).
  public static func timestamp(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
  }

  static func parseTimestamp(_ text: String) -> Date? {
    try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
  }

  /// A one-line reason for a decoding error: the coding path and what was wrong, without the type dump
  /// `DecodingError` prints by default.
  public static func reason(_ error: any Error) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      return keys.isEmpty ? "" : " at " + keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    }
    switch error {
    case DecodingError.keyNotFound(let key, let context):
      return "no value for '\(key.stringValue)'\(path(context))"
    case DecodingError.typeMismatch(let type, let context):
      return "expected \(type)\(path(context)): \(context.debugDescription)"
    case DecodingError.valueNotFound(let type, let context):
      return "expected \(type), found null\(path(context))"
    case DecodingError.dataCorrupted(let context):
      return "\(context.debugDescription)\(path(context))"
    default:
      return String(describing: error)
    }
  }
}

/// One recorded action.
public struct ActionLogEntry<Action> {
  /// 1-based position in the log.
  public let sequence: Int
  /// When the action reached the reducer.
  public let timestamp: Date
  /// Who dispatched it, or `nil` when the log does not say (written before `"by"` existed).
  public let source: ActionSource?
  /// Its line in the log (1-based; a header and blank lines count).
  public let line: Int
  /// The action.
  public let action: Action
}

extension ActionLogEntry: Sendable where Action: Sendable {}
extension ActionLogEntry: Equatable where Action: Equatable {}

/// One line of a log, read but not decoded (``ActionLog/read(_:)``).
public struct ActionLogRecord: Sendable, Equatable {
  /// Its line in the log (1-based; a header and blank lines count).
  public let line: Int
  /// The `seq` it was written with (1-based position in the recording).
  public let sequence: Int
  /// When the action reached the reducer.
  public let timestamp: Date
  /// Who dispatched it, or `nil` when the log does not say.
  public let source: ActionSource?
  /// The action's JSON, keys sorted.
  public let action: Data
}

/// Why a log could not be read or written.
public enum ActionLogError: Error, Equatable, CustomStringConvertible {
  /// Line `line` (1-based) is not a log entry; `reason` says why.
  case malformedLine(Int, String)
  /// The action on line `line` (entry `sequence`) could not be decoded, e.g. a log recorded by an app whose
  /// actions have changed shape since.
  case undecodableAction(line: Int, sequence: Int, reason: String)
  /// The header says the log was written in a newer format than this reader knows.
  case unsupportedSchema(line: Int, schema: Int)
  /// The log file could not be created.
  case cannotCreate(path: String, reason: String)

  public var description: String {
    switch self {
    case .malformedLine(let line, let reason): "action log line \(line) is malformed: \(reason)"
    case .undecodableAction(let line, let sequence, let reason):
      "action log line \(line) (action \(sequence)): cannot decode the action: \(reason)"
    case .unsupportedSchema(let line, let schema):
      "action log line \(line): schema \(schema) is newer than this app reads (\(ActionLogHeader.currentSchema));"
        + " update the app"
    case .cannotCreate(let path, let reason): "cannot create \(path): \(reason)"
    }
  }
}
