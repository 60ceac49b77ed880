import Foundation

/// What `kumiki outbox` does, given by the composition root: the CLI parses and prints; listing and discarding open
/// only the database, sending starts the app (the API, embedded or not) and sends what waits.
public struct OutboxMaintenance: Sendable {
  /// One write in the outbox, as the commands print it.
  public struct Entry: Equatable, Sendable {
    /// Its number: the sending order, and what `discard` and `retry` take.
    public var id: Int64
    /// The API it is for (`embedded`, or the API's URL).
    public var api: String
    public var method: String
    /// The path and query under the API's base URL.
    public var path: String
    /// `pending`, `sending`, `outcome-unknown`, `refused`, `conflict` (a `412`: the item changed on the server
    /// since; `retry` keeps yours, `discard` takes theirs), or `unreadable` (a row this version cannot read:
    /// `lastError` says why; it is never sent, and can be discarded).
    public var state: String
    public var attempts: Int
    public var createdAt: Date
    public var lastError: String?
    /// What the write changes: the top-level keys of its body (`Persistence.OutboxEntry.changedKeys`).
    public var changedKeys: [String]

    public init(
      id: Int64, api: String, method: String, path: String, state: String, attempts: Int, createdAt: Date,
      lastError: String?, changedKeys: [String] = []
    ) {
      self.id = id
      self.api = api
      self.method = method
      self.path = path
      self.state = state
      self.attempts = attempts
      self.createdAt = createdAt
      self.lastError = lastError
      self.changedKeys = changedKeys
    }
  }

  /// What `kumiki outbox send` did.
  public struct SendReport: Equatable, Sendable {
    /// The writes sent and accepted, in order.
    public var sent: [Entry]
    /// The writes the server refused (rolled back).
    public var refused: [Entry]
    /// How many still wait to be sent.
    public var pending: Int
    /// Why sending stopped with writes still waiting (could not connect, the server's reason, another process
    /// sending them, an unreadable entry they wait behind).
    public var stopped: String?
    /// The writes left for the user, each with why in `lastError`: POSTs whose outcome is unknown, conflicts,
    /// unreadable entries.
    public var held: [Entry]

    public init(sent: [Entry], refused: [Entry], pending: Int, stopped: String?, held: [Entry] = []) {
      self.sent = sent
      self.refused = refused
      self.pending = pending
      self.stopped = stopped
      self.held = held
    }
  }

  /// Every write in the outbox, oldest first.
  public var list: @Sendable (CLIOptions) async throws -> [Entry]
  /// Sends the waiting writes now.
  public var send: @Sendable (CLIOptions) async throws -> SendReport
  /// Removes entry `id` without sending it; returns it, `nil` when there is no such entry.
  public var discard: @Sendable (CLIOptions, Int64) async throws -> Entry?
  /// Marks entry `id` (outcome unknown, refused, or a conflict: Keep mine, sent without its condition) to be sent
  /// again, then sends; `nil` when there is no such entry.
  public var retry: @Sendable (CLIOptions, Int64) async throws -> SendReport?
  /// During a feature command: how many writes it queued, how many wait now, and why the last was queued.
  public var queued: @Sendable () -> (queued: Int, waiting: Int, reason: String?)

  public init(
    list: @escaping @Sendable (CLIOptions) async throws -> [Entry],
    send: @escaping @Sendable (CLIOptions) async throws -> SendReport,
    discard: @escaping @Sendable (CLIOptions, Int64) async throws -> Entry?,
    retry: @escaping @Sendable (CLIOptions, Int64) async throws -> SendReport?,
    queued: @escaping @Sendable () -> (queued: Int, waiting: Int, reason: String?)
  ) {
    self.list = list
    self.send = send
    self.discard = discard
    self.retry = retry
    self.queued = queued
  }
}
