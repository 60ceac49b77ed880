import Core
import FeatureAssembly
import FeatureKit
import Foundation
import Synchronization
import Testing

/// A run that only reads writes no feature state (issue 38, item 1): the persisted-state writer starts from what the
/// state held once restored, and writes only a change.
@Suite struct PersistenceWriterTests {
  /// Storage in memory that counts its saves.
  final class CountingStorage: Sendable {
    private let rows = Mutex<[String: (Int, Data)]>([:])
    private let saves = Mutex(0)

    init(_ rows: [String: (Int, Data)] = [:]) { self.rows.withLock { $0 = rows } }

    var saveCount: Int { saves.withLock { $0 } }
    func data(_ key: String) -> String? { rows.withLock { $0[key] }.map { String(decoding: $0.1, as: UTF8.self) } }

    var storage: FeatureStateStorage {
      FeatureStateStorage(
        load: { key in self.rows.withLock { $0[key] }.map { (version: $0.0, data: $0.1) } },
        save: { key, version, data in
          self.saves.withLock { $0 += 1 }
          self.rows.withLock { $0[key] = (version, data) }
        }
      )
    }
  }

  @Test func aRunThatLeavesRestoredStateAsItWasWritesNothing() async throws {
    let counting = CountingStorage(["counter": (1, Data("7".utf8))])
    let app = try FeatureRegistry([CounterFeature.module().erased]).assemble(storage: counting.storage)
    #expect(await app.launch().isEmpty)
    // The reducer runs (the slice's change token moves) but the persisted value stays 7.
    app.store.dispatch(.feature(slot: 0, action: CounterFeature.Action.add(0)))
    app.store.dispatch(.feature(slot: 0, action: CounterFeature.Action.refresh))
    app.send(.terminate)
    await app.store.settled()
    #expect(counting.saveCount == 0)
    #expect(counting.data("counter") == "7")
  }

  @Test func aFirstRunLeavingTheInitialStateWritesNothing() async throws {
    let counting = CountingStorage()
    let app = try FeatureRegistry([CounterFeature.module().erased]).assemble(storage: counting.storage)
    await app.launch()
    app.store.dispatch(.feature(slot: 0, action: CounterFeature.Action.add(0)))
    await app.store.settled()
    #expect(counting.saveCount == 0)
    #expect(counting.data("counter") == nil)
  }

  @Test func aChangeIsWrittenAndAChangeBackToTheRestoredValueToo() async throws {
    let counting = CountingStorage(["counter": (1, Data("7".utf8))])
    let app = try FeatureRegistry([CounterFeature.module().erased]).assemble(storage: counting.storage)
    await app.launch()
    app.store.dispatch(.feature(slot: 0, action: CounterFeature.Action.add(1)))
    await app.store.settled()
    #expect(counting.data("counter") == "8")
    let afterChange = counting.saveCount
    #expect(afterChange == 1)
    app.store.dispatch(.feature(slot: 0, action: CounterFeature.Action.add(-1)))
    await app.store.settled()
    #expect(counting.data("counter") == "7")
    #expect(counting.saveCount == 2)
  }
}
