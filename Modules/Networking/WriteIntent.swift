import Synchronization

/// What a write declares besides its request, for the query layer under the client that sends it: the tags its
/// success makes stale (beyond its own path's, which every successful write invalidates) and the changes it expects,
/// which every read of that data shows at once — before the server answers — and which are rolled back if the server
/// refuses. FeatureKit's mutation middleware runs each write inside one; the query layer (`QueryCache`) finds it as
/// ``current`` (a task-local, like ``QueryTrace``).
///
/// ```swift
/// let intent = WriteIntent(invalidates: ["profile_recent_favorite"],
///                          optimistic: [try .merge(patch, into: "profile_personal")])
/// let profile = try await intent.run { try await client.updatePersonal(patch) }
/// ```
///
/// Without a query layer (a feature suite's fake client) the intent is ignored: nothing is shown early, nothing
/// invalidated.
public struct WriteIntent: Sendable {
  /// The intent of the write running in this task, if any.
  @TaskLocal public static var current: WriteIntent?

  /// Query-layer tags (an endpoint's first path segment, `profile_personal`) a successful write invalidates besides
  /// its own path's.
  public var invalidates: Set<String>
  /// The changes the write expects, shown by every read until the server answers.
  public var optimistic: [OptimisticChange]
  /// Whether the write goes over whatever the server has now (the user chose Keep mine after a conflict): the query
  /// layer sends it without `If-Match`. Otherwise a PUT, PATCH or DELETE of a path whose `GET` answer the query layer
  /// holds is sent with `If-Match: <that answer's ETag>` — the version the screen showed — and a server that changed
  /// the item since answers `412` instead of writing over the other change.
  public var overrides = false

  private let undone = Flag()
  private let key = Key()

  /// The write's `Idempotency-Key`, shared by the copies of this intent: set before the write to send it with a key
  /// already made (FeatureKit's mutation middleware passes the key of the attempt the user retries, so the server
  /// does the write once); otherwise the query layer makes one when it sends the write and records it here.
  public var idempotencyKey: String? {
    get { key.value.withLock { $0 } }
    nonmutating set { key.value.withLock { $0 = newValue } }
  }

  /// Whether the query layer showed the optimistic changes and then rolled them back (the write was refused or
  /// failed): the failure's message then says the change was undone.
  public var rolledBack: Bool { undone.value.withLock { $0 } }

  /// Reports that the optimistic changes were shown and rolled back (the query layer calls this).
  public func reportRolledBack() {
    undone.value.withLock { $0 = true }
  }

  /// An intent; by default it declares nothing (the write's own path is still invalidated on success).
  public init(invalidates: Set<String> = [], optimistic: [OptimisticChange] = []) {
    self.invalidates = invalidates
    self.optimistic = optimistic
  }

  /// Runs `body` (the write) with this intent as ``current``.
  public func run<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
    try await Self.$current.withValue(self) { try await body() }
  }
}

/// A flag shared by the copies of one intent.
private final class Flag: Sendable {
  let value = Mutex(false)
}

/// A key shared by the copies of one intent.
private final class Key: Sendable {
  let value = Mutex<String?>(nil)
}
