import ActionLog
import CLI
import FeatureAssembly
import FeatureKit
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `kumiki replay`: parsing, the states it prints, the test it writes, and its exit statuses.
@Suite struct ReplayCommandTests {
  /// A recording of the test app: two counter additions and a reset, with a header.
  static let recording = """
    {"kumiki":"session","schema":1,"app":"kumiki-tui","version":"0.1.0","t":"2026-11-21T09:30:00.000Z","features":["counter","catalogue"]}
    {"seq":1,"t":"2026-11-21T09:30:00.125Z","by":"user","action":{"action":{"add":{"_0":4}},"feature":"counter"}}
    {"seq":2,"t":"2026-11-21T09:30:00.250Z","by":"user","action":{"action":{"add":{"_0":3}},"feature":"counter"}}
    {"seq":3,"t":"2026-11-21T09:30:00.375Z","by":"user","action":{"action":{"reset":{}},"feature":"counter"}}

    """

  final class Folder: Sendable {
    let path = NSTemporaryDirectory() + "kumiki-replay-\(UUID().uuidString)"
    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func write(_ name: String, _ text: String) throws -> String {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
      return path + "/" + name
    }
  }

  /// Runs `kumiki` with the test app assembled for replay, recording the purposes it was asked for.
  func kumiki(_ arguments: [String], purposes: Purposes = Purposes()) async -> Run {
    let output = CapturedStream()
    let error = CapturedStream()
    let status = await KumikiCLI.main(
      arguments: arguments, environment: [:], version: "1.2.3", standardOutput: output, standardError: error
    ) { options, purpose in
      purposes.append(purpose, options.features)
      return try FeatureRegistry([CounterFeature.module().erased, CatalogueFeature.module(gate: Gate()).erased])
        .selecting(options.features).assemble(mode: purpose == .replay ? .replay : .live)
    }
    return Run(status: status, output: output.text, error: error.text)
  }

  final class Purposes: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ purpose: AppPurpose, _ features: [String]) {
      storage.withLock { $0.append("\(purpose) [\(features.joined(separator: ","))]") }
    }
    var values: [String] { storage.withLock { $0 } }
  }

  @Test func printsEachFeaturesFinalStateAsTextOrJSON() async throws {
    let folder = try Folder()
    let file = try folder.write("s.jsonl", Self.recording)
    let purposes = Purposes()
    let text = await kumiki(["replay", file, "--until", "2"], purposes: purposes)
    #expect(text.status == 0, "\(text.error)")
    #expect(
      text.output == """
        Replayed 2 of 3 actions from \(file), recorded by kumiki-tui 0.1.0.

        counter · Counter
          count: 7

        catalogue · Catalogue
          items: [0]
          loads: 0

        """)
    #expect(purposes.values == ["replay []"])  // every feature recorded: one app, no selection
    let json = await kumiki(["--json", "replay", file])
    #expect(json.status == 0)
    #expect(json.output.hasPrefix(#"{"actions":3,"states":{"catalogue":{"#))
    #expect(json.output.hasSuffix(#""counter":{"count":0}}}"# + "\n"))
    #expect(await kumiki(["replay", file, "--json"]).output == json.output)  // the same bytes every time
  }

  @Test func featuresMustMatchTheRecording() async throws {
    let folder = try Folder()
    let file = try folder.write("s.jsonl", Self.recording)
    let run = await kumiki(["--features", "counter", "replay", file])
    #expect(run.status == 64)
    #expect(
      run.error
        == "kumiki replay: --features does not match the recording: missing catalogue; the recording mounts "
        + "counter,catalogue (leave --features out, or pass exactly those)\n")
    #expect(await kumiki(["--features", "catalogue,counter", "replay", file]).status == 0)
    // A recording of one feature replays into an app of that feature.
    let purposes = Purposes()
    let one = try folder.write(
      "one.jsonl",
      #"{"kumiki":"session","schema":1,"features":["counter"]}"# + "\n"
        + #"{"seq":1,"t":"2026-11-21T09:30:00.125Z","by":"user","action":{"action":{"add":{"_0":2}},"feature":"counter"}}"#
    )
    let single = await kumiki(["--json", "replay", one], purposes: purposes)
    #expect(single.output == #"{"actions":1,"states":{"counter":{"count":2}}}"# + "\n")
    #expect(purposes.values == ["replay []", "replay [counter]"])
    let unknown = try folder.write("unknown.jsonl", #"{"kumiki":"session","schema":1,"features":["recipes"]}"#)
    let refused = await kumiki(["replay", unknown])
    #expect(refused.status == 65)
    #expect(refused.error.hasPrefix("kumiki replay: the recording mounts recipes, which this app does not have"))
  }

  @Test func anActionThatNoLongerDecodesIsADataError() async throws {
    let folder = try Folder()
    let file = try folder.write(
      "old.jsonl", Self.recording.replacingOccurrences(of: #"{"add":{"_0":3}}"#, with: #"{"add":{"amount":3}}"#))
    let run = await kumiki(["replay", file])
    #expect(run.status == 65)
    #expect(run.output == "")
    #expect(
      run.error.hasPrefix(#"kumiki replay: line 3 (action 2): cannot decode counter action {"add":{"amount":3}}: "#))
    #expect(run.error.hasSuffix("; the recording may come from an older schema (recorded by kumiki-tui 0.1.0)\n"))
  }

  @Test func exitStatusesForUnreadableMalformedAndUnwritable() async throws {
    let folder = try Folder()
    let missing = await kumiki(["replay", folder.path + "/missing.jsonl"])
    #expect(missing.status == 66)
    #expect(missing.error == "kumiki replay: cannot read \(folder.path)/missing.jsonl: no such file\n")
    #expect(await kumiki(["replay", folder.path]).status == 66)
    let garbage = try folder.write("garbage.jsonl", "hello\n")
    let malformed = await kumiki(["replay", garbage])
    #expect(malformed.status == 65)
    #expect(malformed.error.hasPrefix("kumiki replay: \(garbage): action log line 1 is malformed: not JSON"))
    let file = try folder.write("s.jsonl", Self.recording)
    let unwritable = await kumiki(
      [
        "replay", file, "--emit-test", "CounterSession", "--feature", "counter", "--output",
        "/nonexistent-kumiki/x.swift",
      ])
    #expect(unwritable.status == 73)
    #expect(unwritable.error.hasPrefix("kumiki replay: cannot write /nonexistent-kumiki/x.swift: "))
    let beyond = await kumiki(["replay", file, "--until", "9"])
    #expect(beyond.status == 64)
    #expect(beyond.error == "kumiki replay: --until 9: the recording has actions 1–3\n")
  }

  @Test func emitTestWritesTheFileAndRefusesToOverwriteIt() async throws {
    let folder = try Folder()
    let file = try folder.write("s.jsonl", Self.recording)
    let arguments = ["replay", file, "--emit-test", "CounterSession", "--feature", "counter", "--output", folder.path]
    let run = await kumiki(arguments)
    #expect(run.status == 0, "\(run.error)")
    #expect(
      run.output
        == "Wrote \(folder.path)/CounterSession.swift: 3 steps of counter (3 sent, 0 received).\n"
        + "It belongs in Tests/CLITestsTests/; run it with: make test MODULE=CLITests\n")
    let source = try String(contentsOfFile: folder.path + "/CounterSession.swift", encoding: .utf8)
    #expect(source.hasPrefix("// Generated by `kumiki replay --emit-test` from a recorded session: "))
    #expect(
      source.contains(##"static let command = #"kumiki replay s.jsonl --emit-test CounterSession --feature counter"#"##)
    )
    #expect(source.contains("@Suite struct CounterSession {"))
    #expect(source.contains(##"    let a1: CounterFeature.Action = try RecordedJSON.decode(#"{"add":{"_0":4}}"#)"##))
    #expect(source.contains("      reducer: CounterFeature.reducer,"))
    let again = await kumiki(arguments)
    #expect(again.status == 73)
    #expect(again.error == "kumiki replay: \(folder.path)/CounterSession.swift exists; pass --force to overwrite it\n")
    #expect(await kumiki(arguments + ["--force", "--json"]).output.hasPrefix(#"{"file":""#))
  }

  /// `--output F --force` where F is not a regular file: refused with 73, F left exactly as it was.
  @Test func anOutputThatIsNotARegularFileIsRefusedEvenWithForce() async throws {
    let folder = try Folder()
    let file = try folder.write("s.jsonl", Self.recording)
    let target = try folder.write("target.swift", "precious\n")
    let link = folder.path + "/Link.swift"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let fifo = folder.path + "/Fifo.swift"
    try #require(mkfifo(fifo, 0o644) == 0)
    let directory = folder.path + "/out/CounterSession.swift"  // a directory where the test file would go
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for (output, path, kind) in [
      (link, link, "a symbolic link"), (fifo, fifo, "a FIFO"), (folder.path + "/out/", directory, "a directory"),
    ] {
      let run = await kumiki(
        ["replay", file, "--emit-test", "CounterSession", "--feature", "counter", "--output", output, "--force"])
      #expect(run.status == 73, "\(output): \(run.error)")
      #expect(
        run.error
          == "kumiki replay: cannot write \(path): it is \(kind); only a regular file or a new path is written (it "
          + "is left as it is)\n")
    }
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    #expect(lstat(directory, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR)
  }

  @Test func theTestFileIsPrivateLikeTheRecording() async throws {
    let folder = try Folder()
    let file = try folder.write("s.jsonl", Self.recording)
    let output = try folder.write("Old.swift", "old\n")
    chmod(output, 0o644)
    let run = await kumiki(
      ["replay", file, "--emit-test", "CounterSession", "--feature", "counter", "--output", output, "--force"])
    #expect(run.status == 0, "\(run.error)")
    var status = stat()
    #expect(lstat(output, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && status.st_mode & 0o777 == 0o600)
    #expect(try String(contentsOfFile: output, encoding: .utf8).contains("@Suite struct CounterSession {"))
  }

  /// The recording's file name is written into the test (the command that wrote it): inside a string literal only.
  @Test func aHostileFileNameStaysInsideAStringLiteral() async throws {
    let folder = try Folder()
    let name = "KUMIKI_CANARY\n}\nfunc pwned() {}\n\r\u{2028}\u{85} \"# \\#(x) \"\"\" KUMIKI_CANARY.jsonl"  // no "/"
    let file = try folder.write(name, Self.recording)
    let run = await kumiki(
      ["replay", file, "--emit-test", "CounterSession", "--feature", "counter", "--output", folder.path])
    #expect(run.status == 0, "\(run.error)")
    let source = try String(contentsOfFile: folder.path + "/CounterSession.swift", encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.filter { $0.contains("KUMIKI_CANARY") }.count == 1)
    // `static let command = ##"kumiki replay KUMIKI_CANARY\##u{A}}…"##`, the literal on the next line if long.
    #expect(lines.contains { $0.contains(###"##"kumiki replay KUMIKI_CANARY\##u{A}}\##u{A}func pwned() {}"###) })
    #expect(!source.unicodeScalars.contains { $0 == "\r" || $0.value == 0x2028 || $0.value == 0x85 })
  }

  @Test(arguments: ["9lives", "Two Words", "A-B", "class", "Ünï", "A\nB", "TestStore", ""])
  func anEmitTestNameThatIsNotASwiftTypeNameIsAUsageErrorBeforeAnythingIsRead(_ name: String) async {
    let run = await kumiki(["replay", "/nonexistent-kumiki/s.jsonl", "--emit-test", name, "--feature", "counter"])
    #expect(run.status == 64, "\(run.error)")
    #expect(run.error.hasPrefix("kumiki: --emit-test "), "\(run.error)")
    #expect(run.error.contains("the test's name must be a Swift type name"))
  }

  @Test(arguments: ["a b", "counter\n", "über", "a/b", "$(x)", ""])
  func aFeatureThatIsNotAKeyIsAUsageError(_ feature: String) async {
    let run = await kumiki(["replay", "/nonexistent-kumiki/s.jsonl", "--emit-test", "T", "--feature", feature])
    #expect(run.status == 64, "\(run.error)")
    #expect(run.error.hasPrefix("kumiki: --feature must be a feature key (letters, digits, . _ : -), got '"))
  }

  @Test(arguments: [
    (["replay"], "kumiki: missing argument <file>"),
    (["replay", "a", "b"], "kumiki: unexpected argument 'b'"),
    (["replay", "a", "--until", "0"], "kumiki: --until must be a positive action number, got '0'"),
    (["replay", "a", "--until"], "kumiki: missing value for --until"),
    (["replay", "a", "--feature", "counter"], "kumiki: --feature goes with --emit-test <name>"),
    (["replay", "a", "--emit-test", "T"], "kumiki: --emit-test needs --feature <key>: the feature the test is for"),
    (["replay", "a", "--bogus"], "kumiki: unknown option '--bogus'"),
  ])
  func usageErrors(_ arguments: [String], _ message: String) async {
    let run = await kumiki(arguments)
    #expect(run.status == 64)
    #expect(run.error.hasPrefix(message + "\nUsage: kumiki replay <file>"), "\(run.error)")
  }

  private let examplesTail = """
      kumiki replay session.jsonl --until 12 --json
      kumiki replay session.jsonl --emit-test ArchiveCurrySearch --feature archive --output Tests/ArchiveFeatureTests/

    """

  @Test func helpSaysWhatReplayDoesAndTheWorkflow() async {
    for arguments in [["replay", "--help"], ["replay", "-h"], ["help", "replay"]] {
      let run = await kumiki(arguments)
      #expect(run.status == 0)
      #expect(run.output.hasPrefix("Replay a recorded session headless"))
      #expect(run.output.hasSuffix("\nEXAMPLES:\n  kumiki replay session.jsonl\n" + examplesTail))
      #expect(run.output.contains("  65  The recording is malformed"))
      #expect(run.output.contains("Saw a bug? Record it (kumiki-tui --record bug.jsonl)"))
    }
    let root = await kumiki(["--help"])
    #expect(root.output.contains("replay <file>"))
    #expect(root.output.contains("65  kumiki replay: the recording is malformed, or an action no longer decodes."))
  }
}
