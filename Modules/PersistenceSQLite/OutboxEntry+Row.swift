import Foundation
import GRDB
import Persistence

extension OutboxEntry {
  /// The `outbox` columns a whole entry is read from, in `init(row:whole:limits:)`'s names: the body's type and size
  /// come from SQLite, so a listing checks them without reading the body.
  static let columns =
    "id, api, method, path, headers, body, typeof(body) AS bodyType, length(CAST(body AS BLOB)) AS bodyBytes, "
    + "createdAt, attempts, state, lastError, expected, idempotencyKey, ifMatch"
  /// Every column but the body (read as none; its type and size are still checked).
  static let overviewColumns =
    "id, api, method, path, headers, NULL AS body, typeof(body) AS bodyType, length(CAST(body AS BLOB)) AS bodyBytes, "
    + "createdAt, attempts, state, lastError, expected, idempotencyKey, ifMatch"

  /// The longest `api`, `path` and `lastError` read, in bytes.
  static let maxTextBytes = 8 << 10
  /// The most headers an entry may carry, and the largest `headers` and `expected` columns read, in bytes.
  static let maxHeaders = 64
  static let maxHeadersBytes = 64 << 10
  static let maxExpectedBytes = 1 << 20
  /// The longest `ifMatch` read or kept, in bytes (a few entity tags).
  static let maxIfMatchBytes = 1024
  /// Request headers a row may not set: they decide how the request is framed or routed (a stored `Host`,
  /// `Content-Length` or `Transfer-Encoding` would let a row reshape the request); the HTTP library sets them.
  static let framingHeaders: Set<String> = [
    "host", "content-length", "transfer-encoding", "connection", "keep-alive", "te", "trailer", "upgrade", "expect",
    "proxy-authorization", "proxy-connection",
  ]

  /// An entry from an `outbox` row (``columns`` or ``overviewColumns``), every column's type and value checked: rows
  /// read from disk are input (another version, a hand edit, a damaged file). A row that is not what Kumiki writes —
  /// a column of the wrong type, a state or method this build does not know, a time that is no time, a header or
  /// path that could not be sent safely, a value past its bound — reads as ``OutboxEntry/State/unreadable``, with
  /// why in `lastError` and what could be read in the other fields; nothing traps. Headers and the body are kept
  /// only when `whole`.
  init(row: Row, whole: Bool, limits: OutboxLimits) {
    var reader = RowReader(row: row)
    let id = reader.integer("id") ?? 0
    let api = reader.text("api", bound: Self.maxTextBytes, nonEmpty: true) ?? ""
    let methodText = reader.text("method", bound: 64, controls: true)
    let method = methodText.flatMap(Method.init(rawValue:))
    if let methodText, method == nil {
      reader.fail("method \(RowReader.shown(methodText)) is not one the outbox sends (POST, PUT, PATCH, DELETE)")
    }
    let path = reader.text("path", bound: Self.maxTextBytes, nonEmpty: false) ?? ""
    let headers = reader.pairs("headers", bound: Self.maxHeadersBytes, optional: false).map {
      $0.map { Header(name: $0.0, value: $0.1) }
    }
    if let headers, let why = RowReader.problem(headers: headers) { reader.fail(why) }
    let body = reader.body(limit: limits.maxBodyBytes)
    let createdAt = reader.time("createdAt")
    let attempts = reader.integer("attempts").flatMap { (0...Int64(Int32.max)).contains($0) ? Int($0) : nil }
    if attempts == nil { reader.fail("attempts is not a count") }
    let stateText = reader.text("state", bound: 64)
    let state = stateText.flatMap(State.init(rawValue:))
    if let stateText, state == nil || state == .unreadable {
      reader.fail("state \(RowReader.shown(stateText)) is not one this version knows (a newer Kumiki's?)")
    }
    let lastError = reader.optionalText("lastError", bound: Self.maxTextBytes)
    let expected = reader.pairs("expected", bound: Self.maxExpectedBytes, optional: true).map {
      $0.map { ExpectedChange(path: $0.0, merge: Data($0.1.utf8)) }
    }
    if let why = expected?.lazy.compactMap(RowReader.problem(expected:)).first { reader.fail(why) }
    let key = reader.optionalText("idempotencyKey", bound: 255)
    if let key, !Self.isValidIdempotencyKey(key) {
      reader.fail("idempotencyKey \(RowReader.shown(key)) is not 1 to 255 visible ASCII characters")
    }
    let ifMatch = reader.optionalText("ifMatch", bound: Self.maxIfMatchBytes)
    if let ifMatch, let why = RowReader.problem(ifMatch: ifMatch) { reader.fail(why) }
    let problem = reader.problem
    self.init(
      id: id, api: api, method: method ?? .post, path: path,
      headers: whole && problem == nil ? headers ?? [] : [], body: whole && problem == nil ? body : nil,
      createdAt: createdAt ?? Date(timeIntervalSinceReferenceDate: 0), attempts: attempts ?? 0,
      state: problem == nil ? state ?? .pending : .unreadable, lastError: problem ?? lastError,
      expected: problem == nil ? expected ?? [] : [], idempotencyKey: problem == nil ? key : nil,
      ifMatch: problem == nil ? ifMatch : nil)
  }
}

/// The outbox's own checks: its body's type and size, and what a stored write may send.
extension RowReader {
  /// The body: `NULL`, a blob or text, at most `limit` bytes (its size and type come from SQLite, so a listing that
  /// does not read it still checks it).
  mutating func body(limit: Int) -> Data? {
    let type = value("bodyType")
    let bytes = value("bodyBytes")
    switch type.storage {
    case .string("null"): return nil
    case .string("blob"), .string("text"): break
    case .string(let other):
      fail("body is \(other == "integer" ? "an integer" : other == "real" ? "a real number" : other), not bytes")
      return nil
    default: break
    }
    if case .int64(let count) = bytes.storage, count > limit {
      fail("body is \(count) bytes long (at most \(limit))")
      return nil
    }
    let body = value("body")
    switch body.storage {
    case .blob(let data): return data
    case .string(let text): return Data(text.utf8)
    default: return nil
    }
  }

  /// Why `headers` may not be sent as they are, `nil` when they may: a token for a name (RFC 9110), a value without
  /// line breaks or other control characters (tab aside), none of the framing headers, at most
  /// ``OutboxEntry/maxHeaders``.
  static func problem(headers: [OutboxEntry.Header]) -> String? {
    guard headers.count <= OutboxEntry.maxHeaders else {
      return "headers: \(headers.count) of them (at most \(OutboxEntry.maxHeaders))"
    }
    for header in headers {
      guard !header.name.isEmpty, header.name.utf8.allSatisfy(isToken) else {
        return "header name \(shown(header.name)) is not a token"
      }
      guard !header.value.unicodeScalars.contains(where: { $0 != "\t" && isControl($0) }) else {
        return "header \(header.name)'s value \(shown(header.value)) holds a control character"
      }
      guard !OutboxEntry.framingHeaders.contains(header.name.lowercased()) else {
        return "header \(header.name) is set by the HTTP library, not by a stored write"
      }
    }
    return nil
  }

  /// Why `ifMatch` (a stored `If-Match`) may not be sent, `nil` when it may: 1 to
  /// ``OutboxEntry/maxIfMatchBytes`` bytes of visible ASCII and spaces (entity tags, `*`), nothing else.
  static func problem(ifMatch: String) -> String? {
    guard (1...OutboxEntry.maxIfMatchBytes).contains(ifMatch.utf8.count),
      ifMatch.utf8.allSatisfy({ (0x20...0x7E).contains($0) })
    else {
      return "ifMatch \(shown(ifMatch)) is not 1 to \(OutboxEntry.maxIfMatchBytes) visible ASCII characters"
    }
    return nil
  }

  /// Why `path` (a stored path and query) may not be sent, `nil` when it may.
  static func problem(path: String) -> String? {
    guard path.utf8.count <= OutboxEntry.maxTextBytes else {
      return "path is \(path.utf8.count) bytes long (at most \(OutboxEntry.maxTextBytes))"
    }
    guard !path.unicodeScalars.contains(where: isControl) else {
      return "path \(shown(path)) holds a control character"
    }
    return nil
  }

  /// Why `change` (an expected change read back) may not be laid over an answer, `nil` when it may: its change is a
  /// JSON object (a merge, ``OutboxEntry/ExpectedChange/merge``), its path has no control character.
  static func problem(expected change: OutboxEntry.ExpectedChange) -> String? {
    guard !change.path.unicodeScalars.contains(where: isControl) else {
      return "expected change's path \(shown(change.path)) holds a control character"
    }
    guard (try? JSONSerialization.jsonObject(with: change.merge)) is [String: Any] else {
      return "expected change for \(shown(change.path)) is not a JSON object (a merge)"
    }
    return nil
  }

  /// An RFC 9110 `tchar`.
  static func isToken(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"):
      true
    default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }
}
