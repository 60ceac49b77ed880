import GRDB
import Persistence
import Synchronization

/// The one watcher of a database's file for commits made by other connections — another process (`kumiki profile
/// edit` while the TUI runs), or another `KumikiDatabase` on the same file — which GRDB's observations cannot see.
///
/// It reads the writer connection's `PRAGMA data_version` every `DatabaseOptions.externalChangePollInterval` while
/// someone listens (``stream()``), and only then: one cheap read on the writer's queue, nothing written, no task left
/// once the last listener goes. The number changes only when another connection committed; commits through this
/// database leave it as it is (they are seen by GRDB's own observations, at once).
final class ExternalChangeWatcher: Sendable {
  private struct State {
    var listeners: [Int: AsyncThrowingStream<Void, any Error>.Continuation] = [:]
    var nextListener = 0
    var poller: Task<Void, Never>?
  }

  /// The database's connections in use (they change once when a read-only database makes its first write).
  private let writer: @Sendable () -> any DatabaseWriter
  private let interval: Duration
  private let path: String
  private let state = Mutex(State())

  init(writer: @escaping @Sendable () -> any DatabaseWriter, interval: Duration, path: String) {
    self.writer = writer
    self.interval = interval
    self.path = path
  }

  /// A signal after every commit made by another connection (several close together may come as one), and one when
  /// the watch starts, so a listener misses nothing that happened before it. Ends with the error when the database
  /// can no longer be read (closed, gone); the listener going away stops the watch when it was the last.
  func stream() -> AsyncThrowingStream<Void, any Error> {
    let (signals, continuation) = AsyncThrowingStream<Void, any Error>.makeStream(
      bufferingPolicy: .bufferingNewest(1))
    let id = state.withLock { state in
      let id = state.nextListener
      state.nextListener += 1
      state.listeners[id] = continuation
      if state.poller == nil { state.poller = Task { await self.poll() } }
      return id
    }
    continuation.onTermination = { [weak self] _ in self?.remove(id) }
    return signals
  }

  private func remove(_ id: Int) {
    let poller = state.withLock { state -> Task<Void, Never>? in
      state.listeners[id] = nil
      guard state.listeners.isEmpty else { return nil }
      defer { state.poller = nil }
      return state.poller
    }
    poller?.cancel()
  }

  /// Reads `data_version` on the writer connection (the only one whose number is kept between reads) until cancelled;
  /// signals every listener when it moved. The first read is the baseline, signalled too: a commit made before it is
  /// read again by whoever listens.
  private func poll() async {
    var version: Int?
    while !Task.isCancelled {
      do {
        if version != nil { try await Task.sleep(for: interval) }
        let current = try await writer().writeWithoutTransaction(Self.dataVersion)
        if current != version {
          version = current
          for listener in state.withLock({ Array($0.listeners.values) }) { listener.yield() }
        }
      } catch is CancellationError {
        return
      } catch {
        let failure = PersistenceError.from(error, path: path, operation: "watch for changes")
        let listeners = state.withLock { state in
          defer {
            state.listeners = [:]
            state.poller = nil
          }
          return Array(state.listeners.values)
        }
        for listener in listeners { listener.finish(throwing: failure) }
        return
      }
    }
  }

  @Sendable private static func dataVersion(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
  }
}
