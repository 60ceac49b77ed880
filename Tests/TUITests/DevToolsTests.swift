import ActionLog
import FeatureAssembly
import Foundation
import Synchronization
import Testing

@testable import FeatureKit
@testable import TUI

@Suite("DevTools")
struct DevToolsTests {
  @Test("the middleware records every action with its timestamp and the states around the reducer")
  func records() throws {
    let fixture = try TestApp()
    fixture.shop(.search("寿司"))
    fixture.app.send(.refreshAll)  // derived: shop's .refresh is recorded too
    let entries = fixture.devTools.entries
    #expect(entries.map(\.sequence) == [1, 2, 3])
    #expect(
      entries.map(\.action) == [
        .feature(slot: 0, action: ShopFeature.Action.search("寿司")), .app(.refreshAll),
        .feature(slot: 0, action: ShopFeature.Action.refresh),
      ])
    #expect(entries[0].before["shop", as: ShopFeature.State.self]?.query == "カレー")
    #expect(entries[0].after["shop", as: ShopFeature.State.self]?.query == "寿司")
    #expect(entries[2].after == fixture.app.store.state)
    #expect(entries[1].timestamp.timeIntervalSince(entries[0].timestamp) == 0.25)
    #expect(entries.map(\.source) == [.external, .external, .followUp])
  }

  @Test("the history keeps the last `capacity` actions; the observer hears each one")
  func capacityAndObserver() throws {
    let devTools = DevTools(capacity: 2)
    let app = try FeatureRegistry([ShopFeature.module().erased]).assemble(middlewares: [devTools.middleware])
    let heard = Counter()
    devTools.observe { heard.increment() }
    for query in ["a", "b", "c"] { app.store.dispatch(.feature(slot: 0, action: ShopFeature.Action.search(query))) }
    #expect(devTools.entries.map(\.sequence) == [2, 3])
    #expect(devTools.droppedCount == 1)
    #expect(heard.value == 3)
    devTools.observe(nil)
    app.store.dispatch(.app(.launch))
    #expect(heard.value == 3)
    devTools.clear()
    #expect(devTools.count == 0)
    #expect(devTools.entries.isEmpty)
    app.store.dispatch(.feature(slot: 0, action: ShopFeature.Action.search("d")))
    #expect(devTools.entries.map { $0.before["shop", as: ShopFeature.State.self]?.query } == ["c"])
  }

  @Test("a step forward through the history replays one action: the panel's after and before states are both kept")
  func steppingForwardReplaysOneAction() throws {
    let app = try FeatureRegistry([ShopFeature.module().erased]).assemble()
    let runs = Counter()
    let timeline = DevToolsTimeline(
      base: app.store.state, baseSequence: 0,
      actions: (1...100).map { .feature(slot: 0, action: ShopFeature.Action.search("q\($0)")) },
      reduce: { _, _ in runs.increment() }, cache: DevToolsReplayCache())
    _ = timeline.state(after: 50)  // a frame: the selected action's state after, then before it
    _ = timeline.state(after: 49)
    #expect(runs.value == 50 + 49)
    for selected in 51...60 {
      let before = runs.value
      _ = timeline.state(after: selected)
      _ = timeline.state(after: selected - 1)
      #expect(runs.value - before == 1, "step to \(selected)")
    }
  }

  @Test("states around kept actions are rebuilt from the base after older actions dropped, in any order")
  func statesAfterDrops() throws {
    let devTools = DevTools(capacity: 3)
    let app = try FeatureRegistry([ShopFeature.module().erased]).assemble(middlewares: [devTools.middleware])
    let queries = (1...10).map { "q\($0)" }
    var states: [AppState] = []
    for query in queries {
      app.store.dispatch(.feature(slot: 0, action: ShopFeature.Action.search(query)))
      states.append(app.store.state)
    }
    let entries = devTools.entries
    #expect(entries.map(\.sequence) == [8, 9, 10])
    #expect(devTools.droppedCount == 7)
    // Newest first, then oldest: the replay cache is shared, each read is right whatever came before.
    #expect(entries[2].after == states[9])
    #expect(entries[0].before == states[6])
    #expect(entries[1].after == states[8])
    #expect(entries[1].before == states[7])
    #expect(entries[0].before["shop", as: ShopFeature.State.self]?.query == "q7")
  }

  @Test("recording keeps no state per action: the reducer changes the slice in place")
  func recordingDoesNotCopyTheSlice() throws {
    let devTools = DevTools(capacity: 4)
    let app = try FeatureRegistry([ShopFeature.module().erased]).assemble(middlewares: [devTools.middleware])
    func box() -> ObjectIdentifier { ObjectIdentifier(app.store.state.slices[0]) }
    // The first action takes the base (the state before it), so the slice is copied once.
    app.store.dispatch(.feature(slot: 0, action: ShopFeature.Action.search("a")))
    let original = box()
    for query in ["b", "c", "d", "e", "f", "g"] {  // fills the history, then drops into the base
      app.store.dispatch(.feature(slot: 0, action: ShopFeature.Action.search(query)))
    }
    #expect(box() == original)
    #expect(devTools.count == 4)
    #expect(devTools.entries.last?.after == app.store.state)
  }

  @Test("export writes JSON Lines in ActionLog's format that replays to the same state")
  func exportReplays() throws {
    let fixture = try TestApp()
    fixture.shop(.search("親子丼"))
    fixture.shop(.toggleSave("r3"))
    fixture.app.send(.refreshAll)
    fixture.app.store.dispatch(.feature(slot: 2, action: NotesFeature.Action.open(1)))
    let header = ActionLogHeader(app: "kumiki-tui", version: "0.1.0", features: fixture.app.features.map(\.key))
    let log = fixture.devTools.exportJSONLines(encode: fixture.app.encode, header: header)
    let lines = log.split(separator: "\n")
    #expect(lines.count == 6)
    #expect(
      lines[0]
        == #"{"kumiki":"session","schema":1,"app":"kumiki-tui","version":"0.1.0","t":"2026-11-21T09:30:00.125Z","#
        + #""features":["shop","clock","notes"]}"#)
    #expect(
      lines[1]
        == #"{"seq":1,"t":"2026-11-21T09:30:00.125Z","by":"user","action":{"action":{"search":{"_0":"親子丼"}},"#
        + #""feature":"shop"}}"#)
    #expect(lines[4].contains(#""by":"follow-up""#))  // shop's refresh, derived from the app's refreshAll
    #expect(try ActionLog.read(log).header?.features == header.features)
    let replayed = try TestApp(mode: .replay)
    try DevTools.replay(log, into: replayed.app)
    #expect(replayed.app.store.state == fixture.app.store.state)
    #expect(replayed.notesState.opened == 1)
    #expect(replayed.shopState.refreshes == 1)  // the derived action was recorded, so replay needs no router
  }

  @Test("export to a directory names the file after the UTC time and reports its path")
  func exportFile() throws {
    let fixture = try TestApp()
    fixture.shop(.loadMore)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-tui-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try fixture.devTools.export(
      to: directory.path, encode: fixture.app.encode, at: Date(timeIntervalSince1970: 1_795_253_400))
    #expect(path == directory.path + "/kumiki-actions-20261121-093000.jsonl")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix(#"{"seq":1,"#) && text.hasSuffix("}\n"))
    #expect(throws: (any Error).self) {
      try fixture.devTools.export(to: directory.path + "/missing/dir", encode: fixture.app.encode)
    }
  }

  @Test("the panel lists actions with times and shows the selected action's state diff")
  func panel() throws {
    let fixture = try TestApp()
    fixture.shop(.search("寿司"))
    fixture.shop(.toggleSave("r1"))
    let panel = DevToolsPanel.make(
      entries: fixture.devTools.entries, position: 0, describe: fixture.app.describe,
      timeZone: TimeZone(identifier: "UTC")!)
    #expect(panel.rows.map(\.time) == ["09:30:00.125", "09:30:00.375"])
    #expect(panel.rows[0].description == #"shop: search("寿司")"#)
    #expect(panel.isPaused && panel.selected == 0 && panel.total == 2)
    #expect(panel.diff.contains(#"-   query: "カレー""#))
    #expect(panel.diff.contains(#"+   query: "寿司""#))
    #expect(!panel.diff.contains { $0?.contains("saved") == true })
    let live = DevToolsPanel.make(entries: fixture.devTools.entries, position: nil, describe: fixture.app.describe)
    #expect(live.selected == 1 && !live.isPaused)
    #expect(live.diff.contains { $0?.hasPrefix("+") == true && $0?.contains("r1") == true })
    #expect(DevToolsPanel.make(entries: [], position: nil, describe: fixture.app.describe).selected == nil)
  }

  @Test("time travel shows the historic screen; the live state is untouched")
  func timeTravel() throws {
    let fixture = try TestApp()
    fixture.shop(.setPhase(.error))
    fixture.shop(.setPhase(.content))
    var state = TUIState(size: .init(width: 100, height: 30))
    state.devTools = .init(isVisible: true, position: 0)
    let historic = TUIApp.content(app: fixture.app, state: state, history: fixture.devTools.entries)
    #expect(historic?.firstErrorMessage != nil)
    state.devTools.position = nil
    #expect(TUIApp.content(app: fixture.app, state: state, history: fixture.devTools.entries)?.firstErrorMessage == nil)
  }
}

/// A thread-safe counter for callbacks.
final class Counter: Sendable {
  private let count = Mutex(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}
