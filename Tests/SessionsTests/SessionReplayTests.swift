import ActionLog
import Core
import FeatureKit
import Foundation
import Sessions
import Testing

@Suite struct SessionReplayTests {
  @Test func replayingARecordingReproducesTheLiveState() async throws {
    let (live, file) = try await Fixtures.recordSession()
    let recording = try SessionRecording(contentsOf: file.path)
    let app = try Fixtures.replayApp(recording.header!.features)
    let records = try SessionReplay.run(recording, in: app)
    #expect(records.count == recording.records.count)
    #expect(app.store.state == live.store.state)
    #expect(app.store.state["search", as: Fixtures.SearchFeature.State.self]?.results == ["鯛 1", "鯛 2"])
  }

  /// `kumiki replay /dev/zero` read forever; a FIFO would block the same way.
  @Test func onlyARegularFileIsReadAsARecording() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-fifo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("session.jsonl").path
    #expect(mkfifo(fifo, 0o600) == 0)
    for path in ["/dev/zero", fifo] {
      #expect(throws: SessionError.self) { try SessionRecording(contentsOf: path) }
      do {
        _ = try SessionRecording(contentsOf: path)
      } catch {
        #expect(error.kind == .noInput)
        #expect(error.description.contains("not a regular file"))
      }
    }
  }

  @Test func theSameFilePrintsTheSameBytesEveryTime() async throws {
    let (_, file) = try await Fixtures.recordSession()
    let recording = try SessionRecording(contentsOf: file.path)
    var outputs: [String] = []
    for _ in 0..<3 {
      let app = try Fixtures.replayApp()
      let records = try SessionReplay.run(recording, in: app)
      outputs.append(try SessionStates.json(app: app, actions: records.count) + (try SessionStates.text(app: app)))
    }
    #expect(Set(outputs).count == 1)
    #expect(
      outputs[0].hasPrefix(
        #"{"actions":11,"states":{"counter":{"count":3},"lossy":{"kept":0},"search":{"launched":true,"#
          + #""loadedAt":786543210.123456,"query":"鯛","results":["鯛 1","鯛 2"],"searching":false},"#
          + #""tally":{"count":100}}}search · Search\#n  launched: true\#n"#))
  }

  @Test func textShowsEachFeatureInMountOrder() throws {
    let app = try Fixtures.replayApp(["search", "counter"])
    app.store.dispatch(.feature(slot: 0, action: Fixtures.SearchFeature.Action.typed("a\u{1B}[2J")))
    app.store.dispatch(
      .feature(
        slot: 0, action: Fixtures.SearchFeature.Action.loaded(["x", "y"], at: Date(timeIntervalSinceReferenceDate: 0))))
    #expect(
      try SessionStates.text(app: app) == """
        search · Search
          launched: false
          loadedAt: 0
          query: "a\\u001b[2J"
          results: [2]
            [0]: "x"
            [1]: "y"
          searching: false

        counter · Counter
          count: 0

        """)
  }

  @Test func theRecordedFeaturesAreMountedAndADifferentListIsRefusedWithTheDifference() throws {
    let recorded = ["search", "counter", "tally"]
    let available = ["search", "counter", "tally", "lossy"]
    #expect(try SessionReplay.features(recorded: recorded, requested: [], available: available) == recorded)
    #expect(
      try SessionReplay.features(recorded: recorded, requested: ["tally", "search", "counter"], available: available)
        == recorded)
    #expect(try SessionReplay.features(recorded: nil, requested: ["counter"], available: available) == ["counter"])
    #expect(
      throws: SessionError(
        .usage,
        "--features does not match the recording: missing counter, tally; not recorded lossy; the recording mounts "
          + "search,counter,tally (leave --features out, or pass exactly those)")
    ) {
      try SessionReplay.features(recorded: recorded, requested: ["search", "lossy"], available: available)
    }
    #expect(
      throws: SessionError(
        .data, "the recording mounts recipes, which this app does not have (it has search, counter, tally, lossy)")
    ) {
      try SessionReplay.features(recorded: ["search", "recipes"], requested: [], available: available)
    }
  }

  @Test func untilStopsAfterThatAction() async throws {
    let (_, file) = try await Fixtures.recordSession()
    let recording = try SessionRecording(contentsOf: file.path)
    let app = try Fixtures.replayApp()
    let records = try SessionReplay.run(recording, in: app, until: 5)
    #expect(records.map(\.sequence) == [1, 2, 3, 4, 5])
    #expect(app.store.state["search", as: Fixtures.SearchFeature.State.self]?.results == ["カレー 1", "カレー 2"])
    #expect(app.store.state["counter", as: Fixtures.CounterFeature.State.self]?.count == 0)
    #expect(throws: SessionError(.usage, "--until 99: the recording has actions 1–11")) {
      try SessionReplay.run(recording, in: Fixtures.replayApp(), until: 99)
    }
  }

  @Test func anActionFromAnOlderSchemaIsNamedWithItsLineAndNothingIsReplayed() async throws {
    let (_, file) = try await Fixtures.recordSession()
    // The search's `typed` action once carried a `text:` label: an older schema.
    let older = file.text.replacingOccurrences(of: #"{"typed":{"_0":"鯛"}}"#, with: #"{"typed":{"text":"鯛"}}"#)
    let recording = try SessionRecording(parsing: older)
    let app = try Fixtures.replayApp()
    #expect {
      try SessionReplay.run(recording, in: app)
    } throws: { error in
      let error = error as! SessionError
      return error.kind == .data
        && error.description.hasPrefix(#"line 10 (action 9): cannot decode search action {"typed":{"text":"鯛"}}: "#)
        && error.description.hasSuffix("; the recording may come from an older schema (recorded by test-app 9.9)")
    }
    let untouched = try Fixtures.replayApp()
    #expect(app.store.state == untouched.store.state)  // decoded first, nothing dispatched
  }

  @Test func anUnreadableOrMalformedFileSaysWhy() throws {
    #expect(throws: SessionError(.noInput, "cannot read /nonexistent-kumiki/s.jsonl: no such file")) {
      try SessionRecording(contentsOf: "/nonexistent-kumiki/s.jsonl")
    }
    #expect(throws: SessionError(.noInput, "cannot read /tmp: it is a directory")) {
      try SessionRecording(contentsOf: "/tmp")
    }
    let file = Fixtures.TemporaryFile()
    try Data("{\"kumiki\":\"session\",\"schema\":1,\"features\":[]}\nnot json\n".utf8).write(
      to: URL(fileURLWithPath: file.path))
    #expect {
      try SessionRecording(contentsOf: file.path)
    } throws: { error in
      let error = error as! SessionError
      return error.kind == .data
        && error.description.hasPrefix("\(file.path): action log line 2 is malformed: not JSON")
    }
    try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: file.path))
    #expect(throws: SessionError(.data, "\(file.path) is not UTF-8 text: not a recording")) {
      try SessionRecording(contentsOf: file.path)
    }
  }
}
