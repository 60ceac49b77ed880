import CompositionRootTesting
import Foundation
import Testing

/// Archive's two mounts in the built `kumiki-tui` (`--features archive,curry`), in a real terminal (tmux), on its
/// embedded fixture server and a real database: searching as you type, the heart, the search and the saved items
/// across restarts and mounts, a long detail, and a recorded session of a search turned into a test.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
struct ArchiveTUIEndToEndTests {
  let tui = BuiltBinary.path("kumiki-tui")
  let kumiki = BuiltBinary.path("kumiki")
  /// Archive's two mounts alone: Archive is tab 1, the カレー mount tab 2.
  var command: String { tui + " --features archive,curry" }

  /// The contract's persisted state and second mount: Archive reopens on its last search, and the カレー tab
  /// (Archive mounted again, fixed to カレー) shows the heart set on the Archive tab.
  @Test func searchSaveQuitAndEverythingIsStillThereNextTime() async throws {
    let folder = try TemporaryFolder()
    let environment = ["KUMIKI_DB": folder.path + "/kumiki.sqlite", "NO_COLOR": "1"]
    do {
      let tmux = try TmuxSession(command: command, environment: environment)
      _ = try await tmux.waitFor(text: "36 results")
      try tmux.keys("/")
      try tmux.type("カレー")
      try tmux.keys("Enter")
      let results = try await tmux.waitFor(text: "10 results")
      #expect(results.contains("特製ビーフカレー"))
      try tmux.keys("Down", "Down", "Down", "Right", "Enter")  // chips, clear all, first result, its heart
      _ = try await tmux.waitFor(text: "Saved (1)")
      try tmux.keys("q")
      _ = try await tmux.waitFor(text: "[exit 0]")
    }
    do {
      let tmux = try TmuxSession(command: command, environment: environment)
      try await tmux.waitFor("the last search, restored") {
        $0.contains("Keyword: [カレー") && $0.contains("10 results") && $0.contains("Saved (1)")
      }
      try tmux.keys("2")  // the カレー tab
      let curry = try await tmux.waitFor("カレー only, with the shared heart") {
        $0.contains("Only カレー") && $0.contains("6 results") && $0.contains("Saved (1)")
      }
      #expect(curry.contains("[x]"))  // the heart on 特製ビーフカレー, as drawn without colour
      try tmux.keys("q")
      _ = try await tmux.waitFor(text: "[exit 0]")
    }
  }

  @Test func archiveSearchesAsYouTypeWithoutEnter() async throws {
    let folder = try TemporaryFolder()
    let tmux = try TmuxSession(
      command: command, environment: ["KUMIKI_DB": folder.path + "/k.sqlite", "NO_COLOR": "1"])
    _ = try await tmux.waitFor(text: "36 results")
    try tmux.keys("/")
    try tmux.type("カレー")  // no Enter: the search runs once typing pauses
    let results = try await tmux.waitFor(text: "10 results")
    #expect(results.contains("特製ビーフカレー"))
    #expect(results.contains("Keyword: <カレー"))  // the field shows what the store holds
    try tmux.keys("C-u")  // clearing the field shows every item again
    _ = try await tmux.waitFor(text: "36 results")
    try tmux.keys("Tab", "q")  // Tab leaves the field (Escape then q would arrive as Alt-q)
    _ = try await tmux.waitFor(text: "[exit 0]")
  }

  /// Issue 26, item 2: item 6's detail opened at the end of its text; its shop and category could not be reached.
  @Test func aLongDetailOpensAtItsTop() async throws {
    let folder = try TemporaryFolder()
    let tmux = try TmuxSession(
      command: command, environment: ["KUMIKI_DB": folder.path + "/k.sqlite", "NO_COLOR": "1"])
    _ = try await tmux.waitFor(text: "36 results")
    try tmux.keys("Down", "Down", "Down", "Down")  // from the Search tab: keyword, chips, clear all, the first result
    for _ in 0..<5 { try tmux.keys("Down") }  // the sixth: 特製ビーフカレー, 1,703 characters of introduction
    try tmux.keys("Enter")
    let detail = try await tmux.waitFor("the detail at its top") {
      $0.contains("Category  カレー") && $0.contains("Shop      カレーの店 三代目")
    }
    #expect(!detail.contains("< Close >"))  // the default button, at the end of the text
    try tmux.keys("G")
    try await tmux.waitFor("its end") { $0.contains("< Close >") && !$0.contains("Category  カレー") }
    try tmux.keys("Enter")  // Close is the default
    try await tmux.waitFor("closed") { !$0.contains("< Close >") && $0.contains("36 results") }
    try tmux.keys("q")
    _ = try await tmux.waitFor(text: "[exit 0]")
  }

  /// Records Archive searched for カレー as you type (the debounce's timer and the search's answer are effects), quit.
  func recordSearch(in folder: TemporaryFolder) async throws -> String {
    let recording = folder.path + "/session.jsonl"
    let tmux = try TmuxSession(
      command: command + " --record " + TmuxSession.quote(recording),
      environment: ["KUMIKI_DB": folder.path + "/kumiki.sqlite", "NO_COLOR": "1"])
    _ = try await tmux.waitFor(text: "36 results")
    try tmux.keys("/")
    try tmux.type("カレー")  // no Enter: searched once typing pauses
    _ = try await tmux.waitFor(text: "10 results")
    try tmux.keys("Tab", "q")
    _ = try await tmux.waitFor(text: "[exit 0]")
    return recording
  }

  /// A search recorded in tmux replays to Archive's keyword, and `--emit-test` turns it into a test of Archive's
  /// reducer (Scripts/check-session-tools compiles and runs it).
  @Test func aRecordedSearchReplaysToItsKeywordAndBecomesATestOfArchive() async throws {
    let folder = try TemporaryFolder()
    let recording = try await recordSearch(in: folder)
    let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(lines[0].hasSuffix(#""features":["archive","curry"]}"#))
    #expect(lines.contains { $0.contains(#""by":"user","action":{"action":{"keywordEdited":{"_0":"カレー"}}"#) })
    #expect(lines.contains { $0.contains(#""by":"effect","action":{"action":{"load":{"_0":{"paused":{}}}}"#) })
    #expect(
      lines.contains { $0.contains(#""by":"follow-up","action":{"action":{"launched":{}},"feature":"archive"}"#) })

    let environment = ["KUMIKI_DB": folder.path + "/replay-never-opens.sqlite"]
    let replayed = try await CommandResult.launch(kumiki, ["replay", recording], environment: environment)
    #expect(replayed.status == 0, "\(replayed.stderr)")
    #expect(replayed.stdout.contains("\narchive · Archive\n"))
    #expect(replayed.stdout.contains(#"  keyword: "カレー""#))
    let json = try await CommandResult.launch(kumiki, ["replay", recording, "--json"], environment: environment)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let states = try #require(object["states"] as? [String: Any])
    #expect(states.keys.sorted() == ["archive", "curry"])
    #expect((states["archive"] as? [String: Any])?["keyword"] as? String == "カレー")

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
      "\"paused\"", "await store.receive(", "await store.finish()",
    ] {
      #expect(source.contains(expected), "missing: \(expected)")
    }
  }

  /// Archive's keyword action under an older name fails naming the line, the action and the feature; `--features`
  /// naming one mount of the two recorded says which is missing.
  @Test func aRecordingWithAnOlderArchiveActionSaysWhatIsWrong() async throws {
    let folder = try TemporaryFolder()
    let recording = try await recordSearch(in: folder)
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

    let mismatch = try await CommandResult.launch(kumiki, ["--features", "archive", "replay", recording])
    #expect(mismatch.status == 64)
    #expect(mismatch.stderr.hasPrefix("kumiki replay: --features does not match the recording: missing curry"))
  }
}
