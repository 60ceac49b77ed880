import ActionLog
import Core
import FeatureAssembly
import FeatureKit
import Foundation

/// Replaying a recorded session headless: its actions, decoded by the app, dispatched in order into an app
/// assembled with `mode: .replay` (reducers only: no effect runs, so nothing reaches the network or a database —
/// effects' results are actions in the recording).
///
/// ```swift
/// let recording = try SessionRecording(contentsOf: "session.jsonl")
/// let keys = try SessionReplay.features(recorded: recording.header?.features, requested: [], available: all)
/// let app = try registry.selecting(keys).assemble(mode: .replay)
/// let replayed = try SessionReplay.run(recording, in: app, until: nil)
/// print(try SessionStates.json(app: app, actions: replayed.count))
/// ```
///
/// Deterministic: the same recording gives the same states every time (reducers are pure, and nothing reads the
/// clock).
public enum SessionReplay {
  /// One replayed action, with the app's state around it.
  public struct Step: Sendable {
    /// Its line in the recording.
    public let record: ActionLogRecord
    /// The decoded action.
    public let action: AppAction
    /// The state before the action.
    public let before: AppState
    /// The state after it.
    public let after: AppState
  }

  /// The features to mount for replaying a recording: the ones it was recorded with.
  /// - Parameters:
  ///   - recorded: the header's features (`nil`: the recording has no header, so `requested` decides, empty for
  ///     every feature).
  ///   - requested: `--features` (empty: not given). When given, it must name exactly the recorded features.
  ///   - available: the features this app can mount.
  /// - Throws: ``SessionError/Kind/usage`` saying which features `requested` misses or adds;
  ///   ``SessionError/Kind/data`` when the recording mounts features this app does not have, or one twice.
  public static func features(
    recorded: [String]?, requested: [String], available: [String]
  ) throws(SessionError) -> [String] {
    guard let recorded else { return requested }
    if let twice = recorded.enumerated().first(where: { recorded[..<$0.offset].contains($0.element) })?.element {
      throw SessionError(.data, "the recording mounts \(twice) twice")
    }
    let unknown = recorded.filter { !available.contains($0) }
    if !unknown.isEmpty {
      throw SessionError(
        .data,
        "the recording mounts \(list(unknown)), which this app does not have (it has \(list(available)))")
    }
    guard !requested.isEmpty else { return recorded }
    let missing = recorded.filter { !requested.contains($0) }
    let extra = requested.filter { !recorded.contains($0) }
    guard missing.isEmpty && extra.isEmpty else {
      var differences: [String] = []
      if !missing.isEmpty { differences.append("missing \(list(missing))") }
      if !extra.isEmpty { differences.append("not recorded \(list(extra))") }
      throw SessionError(
        .usage,
        "--features does not match the recording: \(differences.joined(separator: "; ")); the recording mounts "
          + "\(recorded.joined(separator: ",")) (leave --features out, or pass exactly those)")
    }
    return recorded
  }

  /// The recording's records up to and including action `until` (`nil`: all).
  /// - Throws: ``SessionError/Kind/usage`` when `until` is not the number of an action in the recording.
  static func records(of recording: SessionRecording, until: Int?) throws(SessionError) -> [ActionLogRecord] {
    guard let until else { return recording.records }
    guard let end = recording.records.firstIndex(where: { $0.sequence == until }) else {
      let range =
        recording.records.isEmpty
        ? "no actions" : "actions \(recording.records[0].sequence)–\(recording.records.last!.sequence)"
      throw SessionError(.usage, "--until \(until): the recording has \(range)")
    }
    return Array(recording.records[...end])
  }

  /// Decodes `records` with `app.decode`, all before anything is dispatched.
  /// - Throws: ``SessionError/Kind/data`` naming the line, the action number, the feature and the action's JSON
  ///   that could not be decoded, and why.
  static func decode(
    _ records: [ActionLogRecord], of recording: SessionRecording, in app: AppRuntime
  ) throws(SessionError) -> [(record: ActionLogRecord, action: AppAction)] {
    var decoded: [(record: ActionLogRecord, action: AppAction)] = []
    decoded.reserveCapacity(records.count)
    for record in records {
      do {
        decoded.append((record, try app.decode(record.action)))
      } catch {
        throw undecodable(record, error, recording: recording)
      }
    }
    return decoded
  }

  /// Decodes and dispatches the recording's actions (up to action `until`) into `app`'s store, calling `observe`
  /// with each step (which then holds the states around every action: leave it `nil` when only the final state
  /// matters). Give it an app assembled with `mode: .replay` and without storage.
  /// - Returns: the records replayed.
  @discardableResult
  public static func run(
    _ recording: SessionRecording, in app: AppRuntime, until: Int? = nil, observe: ((Step) -> Void)? = nil
  ) throws(SessionError) -> [ActionLogRecord] {
    let records = try records(of: recording, until: until)
    for (record, action) in try decode(records, of: recording, in: app) {
      guard let observe else {
        app.store.dispatch(action)
        continue
      }
      let before = app.store.state
      app.store.dispatch(action)
      observe(Step(record: record, action: action, before: before, after: app.store.state))
    }
    return records
  }

  /// `line 7 (action 6): cannot decode archive action {"…"}: <reason>; the recording may come from an older
  /// schema (recorded by kumiki-tui 0.1.0)`.
  static func undecodable(_ record: ActionLogRecord, _ error: any Error, recording: SessionRecording) -> SessionError {
    var what = "action " + excerpt(record.action)
    if let object = try? JSONSerialization.jsonObject(with: record.action) as? [String: Any] {
      if let key = object["feature"] as? String, let action = object["action"],
        let data = try? JSONSerialization.data(withJSONObject: action, options: [.fragmentsAllowed, .sortedKeys])
      {
        what = "\(key) action \(excerpt(data))"
      } else if let event = object["app"],
        let data = try? JSONSerialization.data(withJSONObject: event, options: [.fragmentsAllowed])
      {
        what = "app event \(excerpt(data))"
      } else if let key = object["restore"] as? String {
        what = "restore of \(key)"
      }
    }
    let schema =
      error is DecodingError
      ? "; the recording may come from an older schema (recorded by \(recording.recordedBy))" : ""
    return SessionError(
      .data,
      "line \(record.line) (action \(record.sequence)): cannot decode \(what): \(ActionLog.reason(error))\(schema)")
  }

  /// JSON shortened to 160 characters.
  static func excerpt(_ data: Data) -> String {
    let text = String(decoding: data, as: UTF8.self)
    return text.count <= 160 ? text : String(text.prefix(159)) + "…"
  }

  /// `home, curry`.
  static func list(_ keys: [String]) -> String { keys.joined(separator: ", ") }
}
