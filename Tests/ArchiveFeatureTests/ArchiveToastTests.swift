import ArchiveFeature
import CoreTesting
import FeatureKit
import Foundation
import Networking
import PersistenceTesting
import Presentation
import Testing
import ToastKit

/// The toasts of the Archive screen on a test clock: "Saved “…”" after a save, "Removed “…”" with its undo after an
/// unsave, the undo putting the item back where it was, and nothing once the toast has gone.
@Suite("Archive toasts")
struct ArchiveToastTests {
  typealias State = ArchiveFeature.State
  typealias Action = ArchiveFeature.Action

  /// The screen has appeared (toasts show), with the curry results on it.
  static let onScreen = ToastSlot<Action>(screenHasAppeared: true)

  static func dish(_ id: Int) -> String { ArchiveFixture.itemsByID[id]!.dishName }

  @Test("saving shows “Saved …” until its time is up")
  func saveShowsAToast() async {
    let clock = TestClock()
    let persistence = InMemoryPersistence()
    var state = ArchiveSavedTests.curryState
    state.toast = Self.onScreen
    let store = makeArchiveStore(http: .unimplemented, persistence: persistence, state: state, clock: clock)

    await store.send(.save(6)) { $0.requests = [.save(6)] }
    await store.receive(.saveFinished(ArchiveFixture.entry(6))) {
      $0.requests = []
      $0.load.settle()
      $0.toast = ToastSlot(
        current: Toast(text: "Saved \"\(Self.dish(6))\"", serial: 1), shown: 1, screenHasAppeared: true)
    }
    // The list read back does not restart the toast's time: it goes `duration` after the save.
    await store.receive(.savedListLoaded([ArchiveFixture.entry(6)])) {
      $0.saved = .loaded([ArchiveFixture.entry(6)])
    }
    clock.advance(by: Toast<Action>.duration)
    await store.receive(.toastExpired(serial: 1)) { $0.toast.current = nil }
    await store.finish()
  }

  @Test("unsaving from the Saved view offers an undo that puts the item back in its place")
  func unsaveThenUndo() async {
    let clock = TestClock()
    let day: TimeInterval = 86_400
    let newest = ArchiveFixture.entry(12)
    let removed = ArchiveFixture.entry(6, savedAt: ArchiveFixture.now.addingTimeInterval(-day))
    let oldest = ArchiveFixture.entry(5, savedAt: ArchiveFixture.now.addingTimeInterval(-2 * day))
    let stored = [newest, removed, oldest].map { ArchiveFixture.savedItem($0.id, savedAt: $0.savedAt) }
    let persistence = InMemoryPersistence(savedItems: stored)
    let state = State(saved: .loaded([newest, removed, oldest]), mode: .saved, toast: Self.onScreen)
    let store = makeArchiveStore(http: .unimplemented, persistence: persistence, state: state, clock: clock)

    await store.send(.unsave(6)) { $0.requests = [.unsave(6)] }
    await store.receive(.unsaveFinished(id: 6, removed: removed)) {
      $0.lastUnsave = ArchiveUnsaveResult(id: 6, dishName: Self.dish(6), removed: true)
      $0.requests = []
      $0.load.settle()
      $0.toast = ToastSlot(
        current: Toast(text: "Removed \"\(Self.dish(6))\"", undo: .restore(removed), serial: 1), shown: 1,
        screenHasAppeared: true)
    }
    await store.receive(.savedListLoaded([newest, oldest])) {
      $0.saved = .loaded([newest, oldest])
    }
    let view = ArchiveFeature.module(client: fixtureClient(), saved: persistence.savedItems).present?(store.state)
    #expect(view?.firstToast == ToastNode(text: "Removed \"\(Self.dish(6))\"", undo: .restore(removed)))

    // `u` while the toast shows: the item is saved again as it was, so it is back between the other two.
    await store.send(.restore(removed)) {
      $0.toast.current = nil
      $0.requests = [.restore(removed)]
    }
    await store.receive(.saveFinished(removed)) {
      $0.requests = []
      $0.load.settle()
      $0.toast.current = Toast(text: "Saved \"\(Self.dish(6))\"", serial: 2)
      $0.toast.shown = 2
    }
    await store.receive(.savedListLoaded([newest, removed, oldest])) {
      $0.saved = .loaded([newest, removed, oldest])
    }
    #expect(persistence.currentSavedItems == stored)
    clock.advance(by: Toast<Action>.duration)
    await store.receive(.toastExpired(serial: 2)) { $0.toast.current = nil }
    await store.finish()
  }

  @Test("an undo after the toast went does nothing")
  func undoAfterExpiry() async {
    let clock = TestClock()
    let entry = ArchiveFixture.entry(6)
    let persistence = InMemoryPersistence(savedItems: [ArchiveFixture.savedItem(6)])
    let state = State(saved: .loaded([entry]), mode: .saved, toast: Self.onScreen)
    let store = makeArchiveStore(http: .unimplemented, persistence: persistence, state: state, clock: clock)

    await store.send(.unsave(6)) { $0.requests = [.unsave(6)] }
    await store.receive(.unsaveFinished(id: 6, removed: entry)) {
      $0.lastUnsave = ArchiveUnsaveResult(id: 6, dishName: Self.dish(6), removed: true)
      $0.requests = []
      $0.load.settle()
      $0.toast = ToastSlot(
        current: Toast(text: "Removed \"\(Self.dish(6))\"", undo: .restore(entry), serial: 1), shown: 1,
        screenHasAppeared: true)
    }
    await store.receive(.savedListLoaded([])) {
      $0.saved = .empty
    }
    clock.advance(by: Toast<Action>.duration)
    await store.receive(.toastExpired(serial: 1)) { $0.toast.current = nil }
    await store.send(.restore(entry))  // too late: no state change, nothing written
    await store.finish()
    #expect(persistence.currentSavedItems.isEmpty)
  }

  @Test("the screen's appearance turns toasts on; a command never shows one")
  func appearanceTurnsToastsOn() {
    var state = State()
    ArchiveFeature.reducer.reduce(&state, .saveFinished(ArchiveFixture.entry(6)))
    #expect(state.toast.current == nil)
    ArchiveFeature.reducer.reduce(&state, .appeared)
    ArchiveFeature.reducer.reduce(&state, .saveFinished(ArchiveFixture.entry(6)))
    #expect(state.toast.current?.text == "Saved \"\(Self.dish(6))\"")
  }
}
