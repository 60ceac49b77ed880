import Core
import Foundation
import Synchronization

/// Records every action that reaches the reducer as one JSON line, and replays such a log into a store.
///
/// A line looks like `{"seq":1,"t":"2026-11-21T09:30:00.125Z","action":{...}}`: a sequence number, a UTC
/// timestamp with milliseconds, and the action's own JSON. Place the recording middleware **last** in the chain
/// so it logs exactly what the reducer sees (after other middlewares transformed or swallowed actions); then
/// replaying the log through the reducer alone reproduces the final state.
public enum ActionLog {
  /// A middleware that appends one JSON line per action to `write` (which receives the line without a newline).
  /// - Parameters:
  ///   - encode: the action's JSON.
  ///   - now: the clock, injectable for tests.
  ///   - write: where lines go (a file, a ring buffer for DevTools, …). Called on the dispatching thread.
  public static func recorder<State: Sendable, Action: Sendable>(
    encode: @escaping @Sendable (Action) throws -> Data,
    now: @escaping @Sendable () -> Date = Date.init,
    write: @escaping @Sendable (String) -> Void
  ) -> Middleware<State, Action> {
    let sequence = Atomic<Int>(0)
    return Middleware { _, action, next in
      next(action)
      guard let json = try? encode(action), let text = String(data: json, encoding: .utf8) else { return }
      let seq = sequence.add(1, ordering: .relaxed).newValue
      write(#"{"seq":\#(seq),"t":"\#(timestamp(now()))","action":\#(text)}"#)
    }
  }

  /// Convenience for `Encodable` actions.
  public static func recorder<State: Sendable, Action: Sendable & Encodable>(
    now: @escaping @Sendable () -> Date = Date.init,
    write: @escaping @Sendable (String) -> Void
  ) -> Middleware<State, Action> {
    recorder(encode: { try JSONEncoder().encode($0) }, now: now, write: write)
  }

  /// Parses a log (JSON Lines; blank lines ignored) into its entries.
  /// - Throws: ``ActionLogError`` naming the first bad line.
  public static func entries<Action>(
    in log: String,
    decode: (Data) throws -> Action
  ) throws -> [ActionLogEntry<Action>] {
    var result: [ActionLogEntry<Action>] = []
    for (index, line) in log.split(whereSeparator: \.isNewline).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty { continue }
      do {
        guard let object = try JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any],
          let seq = object["seq"] as? Int,
          let time = object["t"] as? String,
          let date = parseTimestamp(time),
          let action = object["action"]
        else { throw ActionLogError.malformedLine(index + 1, "expected {\"seq\",\"t\",\"action\"}") }
        let actionData = try JSONSerialization.data(withJSONObject: action, options: [.fragmentsAllowed])
        result.append(ActionLogEntry(sequence: seq, timestamp: date, action: try decode(actionData)))
      } catch let error as ActionLogError {
        throw error
      } catch {
        throw ActionLogError.malformedLine(index + 1, String(describing: error))
      }
    }
    return result
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

  static func timestamp(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
  }

  static func parseTimestamp(_ text: String) -> Date? {
    try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
  }
}

/// One recorded action.
public struct ActionLogEntry<Action> {
  /// 1-based position in the log.
  public let sequence: Int
  /// When the action reached the reducer.
  public let timestamp: Date
  /// The action.
  public let action: Action
}

extension ActionLogEntry: Sendable where Action: Sendable {}
extension ActionLogEntry: Equatable where Action: Equatable {}

/// Why a log could not be read.
public enum ActionLogError: Error, Equatable, CustomStringConvertible {
  /// Line `line` (1-based) is not a log entry; `reason` says why.
  case malformedLine(Int, String)

  public var description: String {
    switch self {
    case .malformedLine(let line, let reason): "action log line \(line) is malformed: \(reason)"
    }
  }
}
