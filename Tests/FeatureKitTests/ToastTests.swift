import Core
import CoreTesting
import FeatureAssembly
import FeatureKit
import Presentation
import Testing
import ToastKit

/// FeatureKit's toasts through a test store on a test clock: the reducer decides each toast, the timer takes it away
/// after its duration, a newer one replaces it and restarts the time, and an undo works only while it shows.
@Suite struct ToastTests {
  private static let appeared = NotesScreen.State(toast: ToastSlot(screenHasAppeared: true))

  private func makeStore(
    _ clock: TestClock, state: NotesScreen.State = appeared
  ) -> TestStore<NotesScreen.State, NotesScreen.Action> {
    let module = NotesScreen.module()
    return TestStore(initialState: state, reducer: module.reducer, middlewares: module.middlewares, clock: clock)
  }

  private static func toast(_ text: String, undo: NotesScreen.Action? = nil, serial: Int) -> Toast<NotesScreen.Action> {
    Toast(text: text, undo: undo, serial: serial)
  }

  @Test func aToastShowsAndGoesAfterItsDuration() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.add("miso")) {
      $0.notes = ["miso"]
      $0.toast = ToastSlot(
        current: Self.toast("Added \"miso\"", serial: 1), shown: 1, screenHasAppeared: true)
    }
    clock.advance(by: Toast<NotesScreen.Action>.duration - .milliseconds(1))
    await Task.yield()
    #expect(store.state.toast.current != nil)  // still there a moment before its time is up
    clock.advance(by: .milliseconds(1))
    await store.receive(.toastExpired(serial: 1)) {
      $0.toast.current = nil
    }
    await store.finish()
  }

  @Test func aNewToastReplacesTheOldOneAndRestartsTheTime() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.add("miso")) {
      $0.notes = ["miso"]
      $0.toast = ToastSlot(
        current: Self.toast("Added \"miso\"", serial: 1), shown: 1, screenHasAppeared: true)
    }
    clock.advance(by: .seconds(3))
    await store.send(.add("nori")) {
      $0.notes = ["miso", "nori"]
      $0.toast.current = Self.toast("Added \"nori\"", serial: 2)
      $0.toast.shown = 2
    }
    // The first toast's time would be up now: the second one's is not.
    clock.advance(by: .seconds(3))
    await Task.yield()
    #expect(store.state.toast.current?.serial == 2)
    clock.advance(by: .seconds(2))
    await store.receive(.toastExpired(serial: 2)) {
      $0.toast.current = nil
    }
    await store.finish()
  }

  @Test func anotherActionDoesNotExtendTheToast() async {
    let clock = TestClock()
    let store = makeStore(clock, state: NotesScreen.State(notes: ["miso"], toast: ToastSlot(screenHasAppeared: true)))
    await store.send(.delete(0)) {
      $0.notes = []
      $0.toast = ToastSlot(
        current: Self.toast("Deleted \"miso\"", undo: .restore("miso", at: 0), serial: 1), shown: 1,
        screenHasAppeared: true)
    }
    clock.advance(by: .seconds(4))
    await store.send(.delete(3))  // ignored: shows nothing, restarts nothing
    clock.advance(by: .seconds(1))
    await store.receive(.toastExpired(serial: 1)) { $0.toast.current = nil }
    await store.finish()
  }

  @Test func undoWhileTheToastShowsRestoresThroughTheReducer() async {
    let clock = TestClock()
    let store = makeStore(
      clock, state: NotesScreen.State(notes: ["miso", "nori", "kombu"], toast: ToastSlot(screenHasAppeared: true)))
    await store.send(.delete(1)) {
      $0.notes = ["miso", "kombu"]
      $0.toast = ToastSlot(
        current: Self.toast("Deleted \"nori\"", undo: .restore("nori", at: 1), serial: 1), shown: 1,
        screenHasAppeared: true)
    }
    await store.send(.restore("nori", at: 1)) {
      $0.notes = ["miso", "nori", "kombu"]  // where it was
      $0.toast.current = nil
    }
    // The timer still ends, and its expiry finds no toast of its serial: nothing changes.
    clock.advance(by: Toast<NotesScreen.Action>.duration)
    await store.receive(.toastExpired(serial: 1))
    await store.finish()
  }

  @Test func undoAfterTheToastWentDoesNothing() async {
    let clock = TestClock()
    let store = makeStore(clock, state: NotesScreen.State(notes: ["miso"], toast: ToastSlot(screenHasAppeared: true)))
    await store.send(.delete(0)) {
      $0.notes = []
      $0.toast = ToastSlot(
        current: Self.toast("Deleted \"miso\"", undo: .restore("miso", at: 0), serial: 1), shown: 1,
        screenHasAppeared: true)
    }
    clock.advance(by: Toast<NotesScreen.Action>.duration)
    await store.receive(.toastExpired(serial: 1)) {
      $0.toast.current = nil
    }
    await store.send(.restore("miso", at: 0))
    #expect(store.state.notes.isEmpty)
    await store.finish()
  }

  @Test func undoOfAToastThatWasReplacedDoesNothing() async {
    let clock = TestClock()
    let store = makeStore(clock, state: NotesScreen.State(notes: ["miso"], toast: ToastSlot(screenHasAppeared: true)))
    await store.send(.delete(0)) {
      $0.notes = []
      $0.toast = ToastSlot(
        current: Self.toast("Deleted \"miso\"", undo: .restore("miso", at: 0), serial: 1), shown: 1,
        screenHasAppeared: true)
    }
    await store.send(.add("nori")) {
      $0.notes = ["nori"]
      $0.toast.current = Self.toast("Added \"nori\"", serial: 2)
      $0.toast.shown = 2
    }
    await store.send(.restore("miso", at: 0))
    #expect(store.state.notes == ["nori"])
    clock.advance(by: Toast<NotesScreen.Action>.duration)
    await store.receive(.toastExpired(serial: 2)) { $0.toast.current = nil }
    await store.finish()
  }

  @Test func beforeTheScreenAppearedNoToastShowsAndNothingWaits() async {
    // A command-line run never shows the screen: it must not wait for a toast to go.
    let module = NotesScreen.module()
    let store = TestStore(
      initialState: module.initialState, reducer: module.reducer, middlewares: module.middlewares, clock: TestClock())
    await store.send(.add("miso")) { $0.notes = ["miso"] }
    await store.finish()
    #expect(store.state.toast.current == nil)
  }

  @Test func theScreenShowsTheToastWithItsUndo() {
    let module = NotesScreen.module()
    var state = NotesScreen.State(notes: ["miso"])
    state.toast.screenAppeared()
    #expect(module.present?(state).firstToast == nil)
    NotesScreen.reducer.reduce(&state, .delete(0))
    let toast = module.present?(state).firstToast
    #expect(toast == ToastNode(text: "Deleted \"miso\"", undo: .restore("miso", at: 0)))
  }

  @Test func theAppSendsAppearAndTheToastReachesTheAppView() async throws {
    let app = try FeatureRegistry([NotesScreen.module().erased]).assemble(clock: TestClock())
    let slot = app.features[0].slot
    app.appear(slot: slot)
    app.store.dispatch(.feature(slot: slot, action: NotesScreen.Action.add("miso")))
    let view = app.view(slot: slot, in: app.store.state)
    #expect(view?.firstToast?.text == "Added \"miso\"")
    #expect(view?.firstToast?.undo == nil)
  }
}
