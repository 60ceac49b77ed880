import Foundation

/// The first line of a recorded session: what recorded it, so a replay can build the same app and say what differs.
///
/// ```json
/// {"kumiki":"session","schema":1,"app":"kumiki-tui","version":"0.1.0","t":"2026-11-21T09:30:00.125Z",
///  "features":["onboarding","home","archive","curry","favorites","profile"]}
/// ```
/// (one line in the file). `dropped` is present only when the log does not start at the beginning of the session:
/// a DevTools export after its history overflowed.
public struct ActionLogHeader: Sendable, Equatable {
  /// The format this module writes. A reader refuses a header with a greater `schema`.
  public static let currentSchema = 1

  /// The log format version (``currentSchema`` when written by this module).
  public var schema: Int
  /// The app that recorded (`kumiki-tui`), if known.
  public var app: String?
  /// Its version (`0.1.0`), if known.
  public var version: String?
  /// When recording started.
  public var started: Date?
  /// The keys of the features mounted, in mount order.
  public var features: [String]
  /// How many actions of the session came before the log's first line and are not in it (0: the log is the whole
  /// session, as a replay needs).
  public var dropped: Int

  public init(
    schema: Int = ActionLogHeader.currentSchema, app: String? = nil, version: String? = nil, started: Date? = nil,
    features: [String], dropped: Int = 0
  ) {
    self.schema = schema
    self.app = app
    self.version = version
    self.started = started
    self.features = features
    self.dropped = dropped
  }

  /// `kumiki-tui 0.1.0`, `kumiki-tui`, or `nil` when neither is known.
  public var recordedBy: String? {
    switch (app, version) {
    case (let app?, let version?): "\(app) \(version)"
    case (let app?, nil): app
    case (nil, let version?): version
    case (nil, nil): nil
    }
  }

  /// The header as one JSON line (without its newline), keys in a fixed order.
  public var line: String {
    var members = [#""kumiki":"session""#, #""schema":\#(schema)"#]
    if let app { members.append(#""app":\#(Self.quoted(app))"#) }
    if let version { members.append(#""version":\#(Self.quoted(version))"#) }
    if let started { members.append(#""t":"\#(ActionLog.timestamp(started))""#) }
    members.append(#""features":[\#(features.map(Self.quoted).joined(separator: ","))]"#)
    if dropped > 0 { members.append(#""dropped":\#(dropped)"#) }
    return "{" + members.joined(separator: ",") + "}"
  }

  /// Reads a parsed header line.
  init(_ object: [String: Any], line: Int) throws(ActionLogError) {
    guard object["kumiki"] as? String == "session" else {
      throw .malformedLine(line, #"a header must say "kumiki":"session""#)
    }
    guard let schema = object["schema"] as? Int, schema >= 1 else {
      throw .malformedLine(line, #"the header's "schema" must be a positive integer"#)
    }
    guard schema <= Self.currentSchema else { throw .unsupportedSchema(line: line, schema: schema) }
    guard let features = object["features"] as? [String] else {
      throw .malformedLine(line, #"the header's "features" must be a list of feature keys"#)
    }
    var started: Date?
    if let time = object["t"] {
      guard let text = time as? String, let date = ActionLog.parseTimestamp(text) else {
        throw .malformedLine(line, #"the header's "t" is not an ISO 8601 time with milliseconds"#)
      }
      started = date
    }
    self.init(
      schema: schema, app: object["app"] as? String, version: object["version"] as? String, started: started,
      features: features, dropped: max(0, object["dropped"] as? Int ?? 0))
  }

  /// A JSON string literal (RFC 8259 escapes).
  static func quoted(_ text: String) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data()
    let array = String(decoding: data, as: UTF8.self)
    return array.count >= 2 ? String(array.dropFirst().dropLast()) : #""""#
  }
}
