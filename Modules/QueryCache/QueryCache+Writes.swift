import Foundation
import Networking
import Persistence
import Synchronization

extension QueryCache {
  /// Calls `observer` with the tags whose answers changed under the screens reading them: an optimistic change shown
  /// (a write started) or rolled back (refused, failed), or answers invalidated by ``invalidate(tags:)`` (a write
  /// the outbox kept was sent or refused). The composition root turns it into the app event `.dataChanged(tags)`, on
  /// which loaded screens read their data again through the cache: what is cached, with the optimistic changes laid
  /// over it, or from the network when the answer was invalidated and no change lies over it. Called on the writing task; keep it short.
  public func observeChanges(_ observer: @escaping @Sendable (Set<String>) -> Void) {
    changeObservers.add(observer)
  }

  /// Invalidates the cache entries tagged with `tags` (their next read, a cache-only one included, goes to the network
  /// first) and drops the settled optimistic changes on them, telling observers: what an outbox does when a write it
  /// kept is sent or refused, so the screens reading that data show the server's truth again. Screens that read
  /// nothing yet (a tab never shown) stay as they are.
  public func invalidate(tags: Set<String>) async {
    await Self.invalidation(storage: storage, fetches: fetches, optimistic: optimistic, observers: changeObservers)(
      tags)
  }

  /// ``invalidate(tags:)`` as a closure over its parts, for the outbox the initialiser builds.
  static func invalidation(
    storage: ResponseCacheClient, fetches: SharedFetches, optimistic: OptimisticEntries, observers: ChangeObservers
  ) -> @Sendable (Set<String>) async -> Void {
    { tags in
      guard !tags.isEmpty else { return }
      fetches.detachAll()  // a read sent before this write must not answer one made after it
      _ = try? await storage.invalidate(tags)
      _ = optimistic.drop(tags: tags)
      observers.notify(tags)
    }
  }

  /// Sends a write with what its ``Networking/WriteIntent`` declares: its optimistic changes are laid over the
  /// answers for their paths before it is sent (observers told), kept when it succeeds or is queued
  /// (``Networking/WriteQueued``: then until the outbox sends it or the server refuses it), and rolled back when it is
  /// refused (4xx), fails (5xx) or cannot be sent (observers told again). A successful write invalidates its path's
  /// tag and the intent's `invalidates`.
  func sendWrite(_ request: HTTPRequest, _ send: () async throws -> HTTPResponse) async throws -> HTTPResponse {
    let intent = WriteIntent.current
    let changes = intent?.optimistic ?? []
    let write = changes.isEmpty ? nil : optimistic.begin(changes) { configuration.tag(forPath: $0.path) }
    if write != nil { changeObservers.notify(Set(changes.map { configuration.tag(forPath: $0.path) })) }
    let response: HTTPResponse
    do {
      response = try await send()
    } catch let queued as WriteQueued {
      if let write {
        let removed = optimistic.queue(write, entry: queued.id)  // a round refused it already: rolled back
        if !removed.isEmpty { changeObservers.notify(removed) }
      }
      throw queued
    } catch {
      if let write { rollBack(write, intent) }
      throw error
    }
    guard response.isSuccess else {
      if let write { rollBack(write, intent) }
      return response
    }
    if let write { optimistic.settle(write) }
    fetches.detachAll()  // a read sent before this write must not answer one made after it
    _ = try? await storage.invalidate(Set([configuration.tag(for: request)]).union(intent?.invalidates ?? []))
    return response
  }

  /// The rollback of a write's optimistic changes, told to the observers.
  private func rollBack(_ write: Int, _ intent: WriteIntent?) {
    let tags = optimistic.rollBack(write)
    guard !tags.isEmpty else { return }
    intent?.reportRolledBack()
    changeObservers.notify(tags)
  }

  /// Whether an answer this query layer gave had the change of a write waiting in the outbox laid over it: what it
  /// showed, it showed as made (the CLI's `… waiting to send, shown as made` follows it, so a command that shows
  /// none of that data does not say it).
  public var showedWaitingChanges: Bool { optimistic.showedQueued }

  /// `response`, the answer to the GET `request`, with the optimistic changes on its path merged in.
  func withOptimisticChanges(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
    guard !optimistic.isEmpty else { return response }
    return optimistic.apply(to: response, path: configuration.path(of: request))
  }
}

/// Who is told when optimistic changes are shown or rolled back (``QueryCache/observeChanges(_:)``).
final class ChangeObservers: Sendable {
  private let observers = Mutex<[@Sendable (Set<String>) -> Void]>([])

  func add(_ observer: @escaping @Sendable (Set<String>) -> Void) {
    observers.withLock { $0.append(observer) }
  }

  func notify(_ tags: Set<String>) {
    for observer in observers.withLock({ $0 }) { observer(tags) }
  }
}

extension QueryCacheConfiguration {
  /// The path of `request` under ``baseURL``, without its query (`profile_personal`): what an
  /// ``Networking/OptimisticChange`` names.
  func path(of request: HTTPRequest) -> String {
    let path = relativePath(of: request)
    return path.firstIndex(of: "?").map { String(path[..<$0]) } ?? path
  }

  /// The tag of a path under ``baseURL``: its first segment.
  func tag(forPath path: String) -> String {
    String(path[..<(path.firstIndex { $0 == "/" || $0 == "?" } ?? path.endIndex)])
  }
}
