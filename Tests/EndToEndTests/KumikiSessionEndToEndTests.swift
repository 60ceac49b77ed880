import Foundation
import Testing

/// Sessions with the built apps: `kumiki-tui --record` in a real terminal (tmux), `kumiki replay` of that file
/// (twice: the same bytes), `--emit-test`, and the errors. Compiling and running the emitted test needs a build of
/// its own: Scripts/check-session-tools does that (make check-session-tools).
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
struct KumikiSessionEndToEndTests {
  let tui = BuiltBinary.path("kumiki-tui")
  let kumiki = BuiltBinary.path("kumiki")

  /// Records: onboarding dismissed, the Archive searched for カレー as you type (the debounce's timer and the search's
  /// answer are effects), quit.
  func recordSession(in folder: TemporaryFolder) async throws -> String {
    let recording = folder.path + "/session.jsonl"
    let tmux = try TmuxSession(
      command: tui + " --record " + TmuxSession.quote(recording),
      environment: ["KUMIKI_DB": folder.path + "/kumiki.sqlite", "NO_COLOR": "1"])
    _ = try await tmux.waitFor(text: "Welcome to Kumiki")
    try tmux.keys("Escape")
    try await tmux.waitFor("onboarding dismissed") { !$0.contains("Welcome to Kumiki") && $0.contains("Campaigns") }
    try tmux.keys("2")
    _ = try await tmux.waitFor(text: "36 results")
    try tmux.keys("/")
    try tmux.type("カレー")  // no Enter: searched once typing pauses
    _ = try await tmux.waitFor(text: "10 results")
    try tmux.keys("Tab", "q")
    _ = try await tmux.waitFor(text: "[exit 0]")
    return recording
  }

  @Test func recordedInTmuxReplayedTwiceToTheSameBytesAndTurnedIntoATest() async throws {
    let folder = try TemporaryFolder()
    let recording = try await recordSession(in: folder)
    let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix(#"{"kumiki":"session","schema":1,"app":"kumiki-tui","version":"0.1.0","t":""#))
    let keys = try await CommandCatalog.featureKeys(kumiki)
    #expect(!keys.isEmpty)
    let quoted = keys.map { "\"\($0)\"" }.joined(separator: ",")
    #expect(lines[0].hasSuffix(#""features":["# + quoted + "]}"))
    #expect(lines.contains { $0.contains(#""by":"user","action":{"action":{"keywordEdited":{"_0":"カレー"}}"#) })
    #expect(lines.contains { $0.contains(#""by":"effect","action":{"action":{"typingPaused":{}}"#) })
    #expect(
      lines.contains { $0.contains(#""by":"follow-up","action":{"action":{"launched":{}},"feature":"archive"}"#) })

    let environment = ["KUMIKI_DB": folder.path + "/replay-never-opens.sqlite"]
    let first = try await CommandResult.launch(kumiki, ["replay", recording], environment: environment)
    let second = try await CommandResult.launch(kumiki, ["replay", recording], environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == second.stdout)
    #expect(first.stdout.hasPrefix("Replayed \(lines.count - 1) of \(lines.count - 1) actions from \(recording)"))
    #expect(first.stdout.contains("\narchive · Archive\n"))
    #expect(first.stdout.contains(#"  keyword: "カレー""#))
    let json = try await CommandResult.launch(kumiki, ["replay", recording, "--json"], environment: environment)
    let again = try await CommandResult.launch(kumiki, ["--json", "replay", recording], environment: environment)
    #expect(json.stdout == again.stdout)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let states = try #require(object["states"] as? [String: Any])
    #expect(states.keys.sorted() == keys.sorted())
    #expect((states["archive"] as? [String: Any])?["keyword"] as? String == "カレー")
    // Headless: no network and no database were used.
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/replay-never-opens.sqlite"))

    let emitted = try await CommandResult.launch(
      kumiki,
      ["replay", recording, "--emit-test", "ArchiveCurrySearch", "--feature", "archive", "--output", folder.path],
      environment: environment)
    #expect(emitted.status == 0, "\(emitted.stderr)")
    #expect(
      emitted.stdout.contains("It belongs in Tests/ArchiveFeatureTests/; run it with: make test MODULE=ArchiveFeature"))
    let source = try String(contentsOfFile: folder.path + "/ArchiveCurrySearch.swift", encoding: .utf8)
    for expected in [
      "import ArchiveFeature\nimport CoreTesting\nimport Testing\n", "@Suite struct ArchiveCurrySearch {",
      // Comments carry only the writer's words: the recorded texts are in string literals (issue 23, item 3).
      "reducer: ArchiveFeature.reducer,", "), by the user\n", "), by an effect\n", "\"keywordEdited\"",
      "\"typingPaused\"",
      "await store.receive(", "await store.finish()",
    ] {
      #expect(source.contains(expected), "missing: \(expected)")
    }
  }

  @Test func aRecordingFromAnOlderSchemaAndOtherBadInputSayWhatIsWrong() async throws {
    let folder = try TemporaryFolder()
    let recording = try await recordSession(in: folder)
    // Archive's keyword action under an older name: the line, the action and the feature are named.
    let text = try String(contentsOfFile: recording, encoding: .utf8)
    let older = folder.path + "/older.jsonl"
    try Data(text.replacingOccurrences(of: #"{"keywordEdited":"#, with: #"{"keywordTyped":"#).utf8)
      .write(to: URL(fileURLWithPath: older))
    let number = try #require(text.split(separator: "\n").firstIndex { $0.contains("keywordEdited") }) + 1
    let replayed = try await CommandResult.launch(kumiki, ["replay", older])
    #expect(replayed.status == 65)
    #expect(replayed.stdout == "")
    #expect(
      replayed.stderr.hasPrefix("kumiki replay: line \(number) (action \(number - 1)): cannot decode archive action "))
    #expect(replayed.stderr.hasSuffix("the recording may come from an older schema (recorded by kumiki-tui 0.1.0)\n"))

    let keys = try await CommandCatalog.featureKeys(kumiki)
    let mismatch = try await CommandResult.launch(kumiki, ["--features", "archive", "replay", recording])
    #expect(mismatch.status == 64)
    let others = keys.filter { $0 != "archive" }.joined(separator: ", ")
    #expect(mismatch.stderr.hasPrefix("kumiki replay: --features does not match the recording: missing \(others)"))
    let missing = try await CommandResult.launch(kumiki, ["replay", folder.path + "/none.jsonl"])
    #expect(missing.status == 66)
    #expect(missing.stderr == "kumiki replay: cannot read \(folder.path)/none.jsonl: no such file\n")
  }

  @Test func recordingToAPathThatCannotBeWrittenEndsTheRunAtOnce() async throws {
    let folder = try TemporaryFolder()
    let tmux = try TmuxSession(
      command: tui + " --record " + folder.path + "/no/such/dir/session.jsonl", width: 250,
      environment: ["KUMIKI_DB": folder.path + "/kumiki.sqlite"])
    let screen = try await tmux.waitFor(text: "[exit 73]")
    #expect(
      screen.contains("kumiki-tui: --record: cannot create \(folder.path)/no/such/dir/session.jsonl: No such file"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/kumiki.sqlite"))  // nothing was started
  }
}
