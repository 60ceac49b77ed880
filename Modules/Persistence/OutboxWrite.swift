import Foundation

/// A write to keep in the outbox (``OutboxClient/add``): what ``OutboxEntry`` holds before it has an id.
public struct OutboxWrite: Equatable, Sendable {
  /// The API the write is for.
  public var api: String
  /// The HTTP method.
  public var method: OutboxEntry.Method
  /// The path and query under the API's base URL.
  public var path: String
  /// The request headers.
  public var headers: [OutboxEntry.Header]
  /// The request body, if any.
  public var body: Data?
  /// When the write was attempted.
  public var createdAt: Date
  /// ``OutboxEntry/State/pending``, or ``OutboxEntry/State/outcomeUnknown`` for a POST without a key whose answer
  /// was lost.
  public var state: OutboxEntry.State
  /// Why it was not sent now.
  public var lastError: String?
  /// The changes the write expects, shown while it waits (and again after a restart).
  public var expected: [OutboxEntry.ExpectedChange]
  /// The write's `Idempotency-Key` (``OutboxEntry/idempotencyKey``), sent again with every attempt.
  public var idempotencyKey: String?
  /// The write's `If-Match` (``OutboxEntry/ifMatch``), sent with every attempt until the user overrides a conflict.
  public var ifMatch: String?

  /// Creates a write to queue.
  public init(
    api: String, method: OutboxEntry.Method, path: String, headers: [OutboxEntry.Header] = [], body: Data? = nil,
    createdAt: Date, state: OutboxEntry.State = .pending, lastError: String? = nil,
    expected: [OutboxEntry.ExpectedChange] = [], idempotencyKey: String? = nil, ifMatch: String? = nil
  ) {
    self.api = api
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
    self.createdAt = createdAt
    self.state = state
    self.lastError = lastError
    self.expected = expected
    self.idempotencyKey = idempotencyKey
    self.ifMatch = ifMatch
  }

  /// The entry this write becomes under `id`.
  public func entry(id: Int64) -> OutboxEntry {
    OutboxEntry(
      id: id, api: api, method: method, path: path, headers: headers, body: body, createdAt: createdAt, attempts: 0,
      state: state, lastError: lastError, expected: expected, idempotencyKey: idempotencyKey,
      ifMatch: ifMatch)
  }
}
