import GRDB
import Persistence

/// Streams the saved list: now, then after every commit that touches `savedItem` — through this database (a GRDB
/// region observation) or from anywhere else (the database's ``ExternalChangeWatcher``, which it shares with every
/// other listener of the file).
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
        let observation = try await startObserving(change)
        defer { observation.cancel() }
        let external = Task { await forward(database.externalChanges(), to: change, output: output) }
        defer { external.cancel() }
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

  /// Installs the in-process observation.
  private func startObserving(_ change: AsyncStream<Void>.Continuation) async throws -> AnyDatabaseCancellable {
    // On the read-write connections: the observation sees this database's own commits on them.
    let writer = try database.writable()
    return try await writer.writeWithoutTransaction { db in
      DatabaseRegionObservation(tracking: Table("savedItem"))
        .start(in: writer, onError: { _ in change.finish() }, onChange: { _ in change.yield() })
    }
  }

  /// Signals `change` for each commit by another connection; the watcher's error ends the stream.
  private func forward(
    _ external: AsyncThrowingStream<Void, any Error>, to change: AsyncStream<Void>.Continuation,
    output: AsyncThrowingStream<[SavedItem], any Error>.Continuation
  ) async {
    do {
      for try await _ in external { change.yield() }
    } catch {
      output.finish(throwing: error)
      change.finish()
    }
  }
}
