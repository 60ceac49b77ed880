import Foundation
import Persistence
import PersistenceSQLite
import PersistenceTesting

/// The two implementations of the persistence contracts; contract tests run against both, so the fakes that feature
/// tests use behave like the live store.
enum Backend: String, CaseIterable, Sendable, CustomStringConvertible {
  case sqlite
  case inMemory

  var description: String { rawValue }

  /// A fresh, empty store; `cleanup` removes its files.
  func make() throws -> (client: PersistenceClient, cleanup: @Sendable () -> Void) {
    switch self {
    case .sqlite:
      let directory = try TemporaryDirectory()
      let database = try KumikiDatabase.open(
        path: directory.path("kumiki.sqlite"), options: DatabaseOptions(externalChangePollInterval: .milliseconds(20)))
      return (
        database.client,
        {
          try? database.close(); directory.remove()
        }
      )
    case .inMemory:
      return (InMemoryPersistence().client, {})
    }
  }
}
