import Dispatch
import FixtureData
import Synchronization

/// The live data of one running server: the newest database for readers, and one writer at a time.
///
/// Reads take the newest published value under a lock and never wait for a write in progress. Writes run one
/// after another on a serial queue of their own (so saving to disk never blocks Swift's cooperative threads):
/// each starts from the newest value, and when it changed something, saves the result to the ``DatabaseFile``
/// (if any) and only then publishes it. So a write that fails to save changes nothing, and a reply never reports
/// data that is not yet on disk.
final class FixtureStore: Sendable {
  private let current: Mutex<FixtureDatabase>
  private let file: DatabaseFile?
  private let writes = DispatchQueue(label: "kumiki.fixture-server.writes")

  /// A store serving `database`, saving every change to `file` when given (otherwise changes live in memory).
  init(_ database: FixtureDatabase, file: DatabaseFile?) {
    current = Mutex(database)
    self.file = file
  }

  /// The newest published database.
  var snapshot: FixtureDatabase {
    current.withLock { $0 }
  }

  /// Runs `change` on the newest database, alone; when it reports a change, saves and publishes the result.
  /// - Returns: what `change` returned.
  /// - Throws: ``DatabaseSaveError`` when the save failed; nothing was published then.
  func update<Value: Sendable>(
    _ change: @escaping @Sendable (inout FixtureDatabase) -> (value: Value, changed: Bool)
  ) async throws(DatabaseSaveError) -> Value {
    let result: Result<Value, DatabaseSaveError> = await withCheckedContinuation { continuation in
      writes.async {
        var database = self.snapshot
        let (value, changed) = change(&database)
        if changed {
          do throws(DatabaseSaveError) {
            try self.file?.save(database)
          } catch {
            return continuation.resume(returning: .failure(error))
          }
          self.current.withLock { $0 = database }
        }
        continuation.resume(returning: .success(value))
      }
    }
    return try result.get()
  }
}
