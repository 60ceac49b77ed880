import Foundation

/// One write kept in the outbox: a POST, PUT, PATCH or DELETE that could not reach the API, to be sent later, in
/// order (by ``id``, which only grows).
///
/// The request is stored relative to its API (``api`` names it, ``path`` is the path and query under its base URL),
/// so an API that moved to another port (the embedded fixture server changes port at every launch) still receives it.
public struct OutboxEntry: Equatable, Sendable {
  /// Where the write stands.
  public enum State: String, CaseIterable, Equatable, Sendable {
    /// Waiting to be sent.
    case pending
    /// Being sent now. Found after a restart, the send was interrupted: a PUT, PATCH or DELETE goes back to
    /// ``pending`` (re-sending it is safe), a POST becomes ``outcomeUnknown``.
    case sending
    /// A POST without an ``OutboxEntry/idempotencyKey`` (a row an older build kept) that may have reached the
    /// server (it was sent, then the answer was lost): never re-sent automatically; the user resolves it (re-send it,
    /// or discard it). A keyed POST is never so: the server answers its repeat without writing again.
    case outcomeUnknown = "outcome-unknown"
    /// The server refused it (a 4xx) when it was sent later: never re-sent; kept, with the server's answer, so the
    /// user can see what did not happen, until discarded.
    case refused
    /// The server refused it with `412 Precondition Failed` when it was sent later: it carried ``OutboxEntry/ifMatch``
    /// (the version of the item the screen showed when the user acted) and someone changed the item since. Nothing
    /// was written, its expected change is rolled back and the screens show the server's item. Never re-sent by
    /// itself: the user resolves it — Keep mine (set back to ``pending``: sent again without the condition, over the
    /// other change) or Take theirs (discard it).
    case conflict
    /// A row this build cannot read as a write it may send: a column of the wrong type, a state or method it does
    /// not know (a newer Kumiki's), a header or path that could not be sent safely. Never written by Kumiki: the
    /// store reads a row so, with ``OutboxEntry/lastError`` saying why. Never sent; the writes queued after it for
    /// its API wait behind it (the order is kept) until it is discarded.
    case unreadable
  }

  /// The methods the outbox keeps and sends: the kit's writes. A row with any other method is
  /// ``State/unreadable``.
  public enum Method: String, CaseIterable, Equatable, Sendable {
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"
  }

  /// One request header, as it will be sent.
  public struct Header: Equatable, Sendable {
    public var name: String
    public var value: String

    /// A header line.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// A change the write expects the server to make, shown on screen while the write waits (the query layer's
  /// optimistic change, kept with the write so it is shown again after a restart): a JSON object merged into the
  /// answer of `GET <path>`.
  public struct ExpectedChange: Equatable, Sendable {
    /// The path under the API whose answer changes, without a leading slash or query (`profile_personal`).
    public var path: String
    /// The change as JSON: a JSON object merged into that answer (RFC 7386 merge patch; Networking's
    /// `OptimisticChange` makes it; a row holding anything else is unreadable).
    public var merge: Data

    /// A change merging `merge` into the answer of `GET <path>`.
    public init(path: String, merge: Data) {
      self.path = path
      self.merge = merge
    }
  }

  /// The entry's number: its place in the sending order, never reused.
  public var id: Int64
  /// The API the write is for (the query layer's namespace: `embedded`, or the API's base URL).
  public var api: String
  /// The HTTP method (for an unreadable entry: its method if that could be read, else POST; it is never sent).
  public var method: Method
  /// The path and query under the API's base URL (`profile_personal`, `comments/3?x=1`).
  public var path: String
  /// The request headers.
  public var headers: [Header]
  /// The request body, if any.
  public var body: Data?
  /// When the write was first attempted.
  public var createdAt: Date
  /// How many times it was sent after it was queued.
  public var attempts: Int
  /// Where it stands.
  public var state: State
  /// Why its last attempt did not succeed (the error, or the server's refusal), if it was attempted; for an
  /// ``State/unreadable`` entry, why the row could not be read.
  public var lastError: String?
  /// The changes the write expects, shown while it waits (empty: none declared).
  public var expected: [ExpectedChange]
  /// The `Idempotency-Key` made when the user acted, sent with every attempt (``idempotencyKeyHeader``): the server
  /// answers a repeat without writing again. `nil` for rows an older build kept.
  public var idempotencyKey: String?

  /// The request header carrying ``idempotencyKey``.
  public static let idempotencyKeyHeader = "Idempotency-Key"
  /// The write's condition, the `If-Match` it is sent with: the `ETag` of the item as the screen showed it when the
  /// user acted (a PUT, PATCH or DELETE of a path the query layer had read), `nil` for a write sent whatever the
  /// server has (a POST, Keep mine after a ``State/conflict``, rows kept before it). A server that changed the item
  /// since answers `412`, and the entry becomes a ``State/conflict``. When a write queued before it to the same item
  /// with the same condition is sent, it becomes the version that one made (``OutboxClient/removeSent``): the screen
  /// showed this one made over that one's change.
  public var ifMatch: String?

  /// The request header carrying ``ifMatch``.
  public static let ifMatchHeader = "If-Match"

  /// Whether `key` is one a write may carry (as kumiki-api takes it): 1 to 255 visible ASCII characters.
  public static func isValidIdempotencyKey(_ key: String) -> Bool {
    (1...255).contains(key.utf8.count) && key.utf8.allSatisfy { (0x21...0x7E).contains($0) }
  }

  /// Creates an entry.
  public init(
    id: Int64, api: String, method: Method, path: String, headers: [Header] = [], body: Data? = nil,
    createdAt: Date, attempts: Int = 0, state: State = .pending, lastError: String? = nil,
    expected: [ExpectedChange] = [], idempotencyKey: String? = nil, ifMatch: String? = nil
  ) {
    self.id = id
    self.api = api
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
    self.createdAt = createdAt
    self.attempts = attempts
    self.state = state
    self.lastError = lastError
    self.expected = expected
    self.idempotencyKey = idempotencyKey
    self.ifMatch = ifMatch
  }

  /// Whether re-sending the write is safe: PUT, PATCH and DELETE say what the result is, so sending them twice leaves
  /// the server as sending them once; a POST creates something each time, unless it carries an
  /// ``idempotencyKey`` (the server answers its repeat without writing again).
  public var isIdempotent: Bool { method != .post || idempotencyKey != nil }

  /// Whether it still waits to reach the server: pending, being sent, or a POST whose outcome the user has to settle
  /// (its expected changes are shown meanwhile). A refused, conflicting or unreadable entry no longer waits.
  public var isWaiting: Bool { state != .refused && state != .unreadable && state != .conflict }

  /// `3  pending  PATCH profile_personal (nickname)  (cannot connect)`: the entry as one line of a list, naming
  /// its change (``change``); `unreadable entry #3: <why>` for an unreadable one.
  public var line: String {
    if state == .unreadable { return "unreadable entry #\(id): \(lastError ?? "unknown reason")" }
    var line = "\(id)  \(state.rawValue)  \(change)"
    if let lastError { line += "  (\(lastError))" }
    return line
  }
}
