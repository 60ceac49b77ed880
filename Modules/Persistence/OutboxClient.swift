/// The outbox: writes that could not reach the API, kept in order until they are sent, as a struct of closures —
/// SQLite in the apps (`KumikiDatabase.outbox`, the `outbox` table), memory in tests (`InMemoryOutbox`).
///
/// Contract, shared by every implementation:
/// - `add` keeps one write, with the changes it expects, in one transaction and returns its entry; ids only grow, so
///   `entries` (by id) is the sending order. Past ``OutboxLimits`` it throws ``PersistenceError/outboxFull(limit:)``
///   (or `bodyTooLarge`) and keeps nothing. The SQLite store also refuses (`encodingFailed`) a write that would not
///   read back as one it may send (a path or header with a line break, a framing header such as `Host`).
/// - Rows are input: the SQLite store checks every column's type and value when it reads one, and a row it cannot
///   read as a write it may send comes back ``OutboxEntry/State/unreadable`` (why in `lastError`), never a trap;
///   `begin` never takes it, `remove` discards it like any other.
/// - `entries` lists every entry whole; `overview` lists them without their headers and bodies (empty and `nil`):
///   what a list, a count or the expected changes need, without reading what only sending needs.
/// - `begin` marks a pending entry ``OutboxEntry/State/sending`` and counts the attempt, durably, before the write is
///   sent; it returns `nil` when the entry is gone or not pending (someone else took it). Needed for a POST only:
///   a PUT, PATCH or DELETE interrupted while pending is simply sent again.
/// - `update` sets an entry's state and last error, counting an attempt when `attempted`; `remove` deletes it and
///   returns what it removed (`nil`: no such entry, nothing changed); `removeSent` deletes several in one
///   transaction (the writes a round sent) and returns how many it removed. In the same transaction, each sent entry
///   whose answer named the version it made (`made`, by id: the answer's `ETag`) hands it on, in id order, to the
///   entries waiting after it (pending or sending) with its API, its path and its ``OutboxEntry/ifMatch`` as it is
///   then: their `ifMatch` becomes that version. A write queued behind another to the same item was made over that
///   one's change, so it is sent conditional on the version that one made — after a restart too. The SQLite store
///   hands on only a version it would keep as an `ifMatch` (checked as `add` checks one).
/// - `recoverInterrupted` turns every ``OutboxEntry/State/sending`` entry back into ``OutboxEntry/State/pending``
///   (PUT, PATCH, DELETE, and a POST with an ``OutboxEntry/idempotencyKey``) or ``OutboxEntry/State/outcomeUnknown``
///   (a POST without one): call it holding the send lock only.
/// - An entry's ``OutboxEntry/idempotencyKey`` is kept with it and read back unchanged (the SQLite store checks it
///   like the other columns: a key that is not one makes the row unreadable).
/// - `lockSending` takes the send lock without waiting, or returns `nil` when another sender holds it.
/// - Entries survive restarts and `kill -9`: a call that returned is durable against the process dying (the SQLite
///   store commits without waiting for the disk: a power loss may lose the last moments' changes, see
///   `KumikiDatabase.outbox`).
/// Every operation throws only `PersistenceError`.
public struct OutboxClient: Sendable {
  /// Keeps `write`; returns its entry.
  public var add: @Sendable (_ write: OutboxWrite) async throws(PersistenceError) -> OutboxEntry
  /// Every entry, oldest (lowest id) first.
  public var entries: @Sendable () async throws(PersistenceError) -> [OutboxEntry]
  /// Every entry, oldest first, without headers and body.
  public var overview: @Sendable () async throws(PersistenceError) -> [OutboxEntry]
  /// Marks pending entry `id` as sending and counts the attempt; `nil` if it is not pending.
  public var begin: @Sendable (_ id: Int64) async throws(PersistenceError) -> OutboxEntry?
  /// Sets entry `id`'s state and last error (and counts an attempt when `attempted`); returns the entry as it is
  /// now, `nil` if there is none.
  public var update:
    @Sendable (_ id: Int64, _ state: OutboxEntry.State, _ lastError: String?, _ attempted: Bool)
      async throws(PersistenceError) -> OutboxEntry?
  /// Deletes entry `id`; returns it, or `nil` if there was none.
  public var remove: @Sendable (_ id: Int64) async throws(PersistenceError) -> OutboxEntry?
  /// Deletes the entries `ids` in one transaction, handing the versions they `made` (by id) on to the entries waiting
  /// after them for the same item (see the contract); returns how many there were.
  public var removeSent: @Sendable (_ ids: [Int64], _ made: [Int64: String]) async throws(PersistenceError) -> Int
  /// Settles entries a dead sender left ``OutboxEntry/State/sending``; returns how many.
  public var recoverInterrupted: @Sendable () async throws(PersistenceError) -> Int
  /// The send lock, or `nil` when another sender holds it.
  public var lockSending: @Sendable () -> OutboxSendLock?

  /// Creates a client from its operations.
  public init(
    add: @escaping @Sendable (_ write: OutboxWrite) async throws(PersistenceError) -> OutboxEntry,
    entries: @escaping @Sendable () async throws(PersistenceError) -> [OutboxEntry],
    overview: @escaping @Sendable () async throws(PersistenceError) -> [OutboxEntry],
    begin: @escaping @Sendable (_ id: Int64) async throws(PersistenceError) -> OutboxEntry?,
    update:
      @escaping @Sendable (_ id: Int64, _ state: OutboxEntry.State, _ lastError: String?, _ attempted: Bool)
      async throws(PersistenceError) -> OutboxEntry?,
    remove: @escaping @Sendable (_ id: Int64) async throws(PersistenceError) -> OutboxEntry?,
    removeSent: @escaping @Sendable (_ ids: [Int64], _ made: [Int64: String]) async throws(PersistenceError) -> Int,
    recoverInterrupted: @escaping @Sendable () async throws(PersistenceError) -> Int,
    lockSending: @escaping @Sendable () -> OutboxSendLock?
  ) {
    self.add = add
    self.entries = entries
    self.overview = overview
    self.begin = begin
    self.update = update
    self.remove = remove
    self.removeSent = removeSent
    self.recoverInterrupted = recoverInterrupted
    self.lockSending = lockSending
  }
}
