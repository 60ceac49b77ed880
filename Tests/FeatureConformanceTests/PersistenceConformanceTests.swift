import CompositionRootTesting
import Foundation
import Persistence
import PersistenceSQLite
import Testing

/// Every registered feature's persisted state survives a restart unchanged: the feature runs alone over the fixture
/// server (its screen shown and loaded), the app shuts down, and a second app on the same database restores the
/// state and shuts down again; what the database holds for the feature is the same after both runs. A feature whose
/// restore drops or changes what it saved (a property not restored, a version mismatch) fails here.
@Suite("Every feature's persisted state across a restart", .serialized, .timeLimit(.minutes(3)))
struct PersistenceConformanceTests {
  @Test("saved, restored, saved again: the same", arguments: Mount.all)
  func persistedStateSurvivesARestart(_ mount: Mount) async throws {
    let backend = try await FixtureBackend()
    let folder = FileManager.default.temporaryDirectory.appending(path: "kumiki-persisted-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    do {
      let first = try await RunningApp(api: backend.url, features: [mount.key], folder: folder)
      await first.idle()
      if let tab = first.tabs.first {
        first.runtime.appear(slot: tab.slot)
        await first.idle()
      }
      await first.shutdown()
      let saved = try await stored(mount.key, in: folder)

      let second = try await RunningApp(api: backend.url, features: [mount.key], folder: folder)
      await second.idle()
      await second.shutdown()
      let again = try await stored(mount.key, in: folder)
      #expect(
        again == saved,
        "\(mount.key): a restart saved \(text(again)) where the first run saved \(text(saved))")
    } catch {
      await backend.shutdown()
      throw error
    }
    await backend.shutdown()
  }

  /// A stored state as text, for the failure message.
  func text(_ state: StoredFeatureState?) -> String {
    state.map { "v\($0.version) \(String(decoding: $0.data, as: UTF8.self))" } ?? "nothing"
  }

  /// What the database in `folder` holds for `key`.
  func stored(_ key: String, in folder: String) async throws -> StoredFeatureState? {
    let database = try KumikiDatabase.open(path: folder + "/kumiki.sqlite")
    defer { try? database.close() }
    return try await database.client.featureState.load(key)
  }
}
