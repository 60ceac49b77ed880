import CompositionRootTesting
import Foundation
import Testing

/// Sessions with the built apps: `kumiki-tui --record` in a real terminal (tmux), `kumiki replay` of that file
/// (twice: the same bytes), `--emit-test`, and the errors, with whichever features have a screen: the session opens
/// every tab. Compiling and running the emitted test needs a build of its own: Scripts/check-session-tools does that
/// (make check-session-tools); a feature's own recorded interactions are checked in its integration suite.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
struct KumikiSessionEndToEndTests {
  let tui = BuiltBinary.path("kumiki-tui")
  let kumiki = BuiltBinary.path("kumiki")

  /// Records: every tab opened in turn (each appearance is the user's, what loads is an effect's), quit.
  func recordSession(in folder: TemporaryFolder, of screens: [CommandCatalog.Feature]) async throws -> String {
    let recording = folder.path + "/session.jsonl"
    let tmux = try TmuxSession(
      command: tui + " --features " + screens.map(\.key).joined(separator: ",") + " --record "
        + TmuxSession.quote(recording),
      environment: ["KUMIKI_DB": folder.path + "/kumiki.sqlite", "NO_COLOR": "1"])
    for index in screens.indices { try await tmux.open(tab: index, of: screens) }
    try await tmux.quit()
    return recording
  }

  /// The feature of a recorded action line (`…,"feature":"key"}`), if it has one.
  static func feature(of line: String) -> String? {
    guard let match = line.firstMatch(of: /"feature":"([^"]+)"\}/) else { return nil }
    return String(match.1)
  }

  @Test func recordedInTmuxReplayedTwiceToTheSameBytesAndTurnedIntoATest() async throws {
    let screens = try await CommandCatalog.tabs()
    let keys = screens.map(\.key)
    let folder = try TemporaryFolder()
    let recording = try await recordSession(in: folder, of: screens)
    let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix(#"{"kumiki":"session","schema":1,"app":"kumiki-tui","version":"0.1.0","t":""#))
    let quoted = keys.map { "\"\($0)\"" }.joined(separator: ",")
    #expect(lines[0].hasSuffix(#""features":["# + quoted + "]}"))
    #expect(lines.contains { $0.contains(#""by":"user","action":"#) })
    let byEffect = lines.filter { $0.contains(#""by":"effect","action":"#) }
    #expect(!byEffect.isEmpty, "what loaded came back as effects")
    let recorded = Set(lines.dropFirst().compactMap(Self.feature(of:)))
    #expect(recorded.isSubset(of: Set(keys)) && !recorded.isEmpty, "\(recorded)")

    let environment = ["KUMIKI_DB": folder.path + "/replay-never-opens.sqlite"]
    let first = try await CommandResult.launch(kumiki, ["replay", recording], environment: environment)
    let second = try await CommandResult.launch(kumiki, ["replay", recording], environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == second.stdout)
    #expect(first.stdout.hasPrefix("Replayed \(lines.count - 1) of \(lines.count - 1) actions from \(recording)"))
    for screen in screens { #expect(first.stdout.contains("\n\(screen.key) · \(screen.title)\n"), "\(screen.key)") }
    let json = try await CommandResult.launch(kumiki, ["replay", recording, "--json"], environment: environment)
    let again = try await CommandResult.launch(kumiki, ["--json", "replay", recording], environment: environment)
    #expect(json.stdout == again.stdout)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let states = try #require(object["states"] as? [String: Any])
    #expect(states.keys.sorted() == keys.sorted())
    // Headless: no network and no database were used.
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/replay-never-opens.sqlite"))

    // A test of the reducer of a feature whose effects answered, from the recording.
    let key = try #require(byEffect.lazy.compactMap(Self.feature(of:)).first, "no effect named its feature")
    let emitted = try await CommandResult.launch(
      kumiki, ["replay", recording, "--emit-test", "RecordedTabs", "--feature", key, "--output", folder.path],
      environment: environment)
    #expect(emitted.status == 0, "\(emitted.stderr)")
    #expect(emitted.stdout.contains("It belongs in Tests/"), "\(emitted.stdout)")
    #expect(emitted.stdout.contains("; run it with: make test MODULE="), "\(emitted.stdout)")
    let source = try String(contentsOfFile: folder.path + "/RecordedTabs.swift", encoding: .utf8)
    for expected in [
      "import CoreTesting\nimport Testing\n", "@Suite struct RecordedTabs {", "), by the user\n", "), by an effect\n",
      "await store.receive(", "await store.finish()",
    ] {
      #expect(source.contains(expected), "missing: \(expected)")
    }
  }

  @Test func aRecordingFromAnOlderSchemaAndOtherBadInputSayWhatIsWrong() async throws {
    let screens = try await CommandCatalog.tabs()
    let keys = screens.map(\.key)
    let folder = try TemporaryFolder()
    let recording = try await recordSession(in: folder, of: screens)
    // A feature's first recorded action under a name no reducer knows: the line, the action and the feature are
    // named.
    let text = try String(contentsOfFile: recording, encoding: .utf8)
    var lines = text.split(separator: "\n").map(String.init)
    let index = try #require(
      lines.indices.dropFirst().first {
        lines[$0].contains(#""action":{"action":{""#) && Self.feature(of: lines[$0]) != nil
      }, "no feature action was recorded")
    let feature = try #require(Self.feature(of: lines[index]))
    let match = try #require(lines[index].firstMatch(of: /"action":\{"action":\{"([A-Za-z0-9_]+)"/))
    lines[index] = lines[index].replacingOccurrences(
      of: #""action":{"action":{""# + match.1 + "\"", with: #""action":{"action":{""# + match.1 + "Renamed\"")
    let older = folder.path + "/older.jsonl"
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: older))
    let replayed = try await CommandResult.launch(kumiki, ["replay", older])
    #expect(replayed.status == 65)
    #expect(replayed.stdout == "")
    #expect(
      replayed.stderr.hasPrefix(
        "kumiki replay: line \(index + 1) (action \(index)): cannot decode \(feature) action "), "\(replayed.stderr)")
    #expect(replayed.stderr.hasSuffix("the recording may come from an older schema (recorded by kumiki-tui 0.1.0)\n"))

    // --features naming one of the recorded features: the others are missing.
    if keys.count > 1 {
      let mismatch = try await CommandResult.launch(kumiki, ["--features", keys[0], "replay", recording])
      #expect(mismatch.status == 64)
      let others = keys.dropFirst().joined(separator: ", ")
      #expect(
        mismatch.stderr.hasPrefix("kumiki replay: --features does not match the recording: missing \(others)"),
        "\(mismatch.stderr)")
    }
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
