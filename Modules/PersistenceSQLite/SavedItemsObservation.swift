import GRDB
import Persistence

/// Streams the saved list: now, then after every commit that touches `savedItem` — through this database (a GRDB
/// region observation) or from anywhere else (a change of the writer connection's `PRAGMA data_version`, polled).
///
/// All fetches run one after another, each after the change that triggered it, so a later value is never older than
/// an earlier one; equal consecutive lists are not repeated.
struct SavedItemsObservation: Sendable {
  let database: KumikiDatabase

  func stream() -> AsyncThrowingStream<[SavedItem], any Error> {
    let (values, output) = AsyncThrowingStream<[SavedItem], any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let (changes, change) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let task = Task {
      let path = database.location.displayPath
      do {
        let (start, observation) = try await startObserving(change)
        defer { observation.cancel() }
        let poller = Task { await poll(from: start, change: change, output: output) }
        defer { poller.cancel() }
        change.yield()  // the initial value
        var last: [SavedItem]?
        for await _ in changes {
          let items = try await database.writer.read(KumikiDatabase.fetchSavedItems)
          if items != last {
            last = items
            output.yield(items)
          }
        }
        output.finish()
      } catch {
        output.finish(throwing: PersistenceError.from(error, path: path, operation: "observe saved items"))
      }
    }
    output.onTermination = { _ in
      task.cancel()
      change.finish()
    }
    return values
  }

  /// Installs the in-process observation and reads the starting `data_version` in the same writer access, so no
  /// commit falls between the two.
  private func startObserving(_ change: AsyncStream<Void>.Continuation) async throws -> (Int, AnyDatabaseCancellable) {
    let writer = database.writer
    return try await writer.writeWithoutTransaction { db in
      let observation = DatabaseRegionObservation(tracking: Table("savedItem"))
        .start(in: writer, onError: { _ in change.finish() }, onChange: { _ in change.yield() })
      return (try Self.dataVersion(db), observation)
    }
  }

  /// Signals `change` whenever the writer connection's `data_version` moves (a commit by another connection).
  private func poll(
    from start: Int, change: AsyncStream<Void>.Continuation,
    output: AsyncThrowingStream<[SavedItem], any Error>.Continuation
  ) async {
    var version = start
    let interval = database.options.externalChangePollInterval
    while !Task.isCancelled {
      do {
        try await Task.sleep(for: interval)
        let current = try await database.writer.writeWithoutTransaction(Self.dataVersion)
        if current != version {
          version = current
          change.yield()
        }
      } catch is CancellationError {
        return
      } catch {
        let path = database.location.displayPath
        output.finish(throwing: PersistenceError.from(error, path: path, operation: "watch for changes"))
        change.finish()
        return
      }
    }
  }

  @Sendable private static func dataVersion(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
  }
}
