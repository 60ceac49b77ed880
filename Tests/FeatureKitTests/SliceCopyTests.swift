import Core
import FeatureAssembly
import Foundation
import Synchronization
import Testing

@testable import FeatureKit

/// Nothing an app runs on the dispatch path holds a feature's slice across an action, so the reducer changes it in
/// place: the box stays the same object (a copy-on-write copy would replace it, with every item of the state).
@Suite struct SliceCopyTests {
  /// The object holding the counter's slice now.
  func box(_ app: AppRuntime) -> ObjectIdentifier { ObjectIdentifier(app.store.state.slices[0]) }

  func increment(_ app: AppRuntime) { app.store.dispatch(.feature(slot: 0, action: CounterFeature.Action.increment)) }

  @Test func watchingASliceTokenDoesNotCopyTheSlice() throws {
    let app = try FeatureRegistry([CounterFeature.module().erased]).assemble()
    let changes = Mutex(0)
    app.store.subscribe(partition: 0, select: { $0.slice(at: 0) }) { _ in changes.withLock { $0 += 1 } }
    let original = box(app)
    for _ in 0..<3 { increment(app) }
    #expect(box(app) == original)
    #expect(changes.withLock { $0 } == 4)
  }

  @Test func savingPersistedStateDoesNotCopyTheSliceAndWritesOnlyNewValues() async throws {
    let saves = Mutex<[String]>([])
    let storage = FeatureStateStorage(
      load: { _ in nil },
      save: { _, _, data in saves.withLock { $0.append(String(decoding: data, as: UTF8.self)) } }
    )
    let app = try FeatureRegistry([CounterFeature.module().erased]).assemble(storage: storage)
    await app.launch()
    await app.store.settled()
    let original = box(app)
    increment(app)
    await app.store.settled()
    app.store.dispatch(.feature(slot: 0, action: CounterFeature.Action.add(0)))  // reduced, persisted value equal
    await app.store.settled()
    #expect(box(app) == original)
    // The initial 0 is what a launch with nothing stored restores anyway: not written (issue 38).
    #expect(saves.withLock { $0 } == ["1"])
  }

  @Test func holdingAnOldStateStillKeepsItsValue() throws {
    let app = try FeatureRegistry([CounterFeature.module().erased]).assemble()
    let old = app.store.state
    increment(app)
    #expect(old["counter", as: CounterFeature.State.self]?.count == 0)
    #expect(app.store.state["counter", as: CounterFeature.State.self]?.count == 1)
    #expect(old.slice(at: 0) != app.store.state.slice(at: 0))
  }
}
