import CompositionRootTesting
import FixtureData
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// With no `--api`, the apps run `kumiki-api` (built beside them) as a child process on an ephemeral port: it serves
/// them, and it ends with them, even when they are killed. (Writes that stay across restarts and an app joining a
/// running server are checked with a feature's write, in that feature's integration suite.)
@Suite(.serialized, .timeLimit(.minutes(2)))
struct KumikiEmbeddedAPIEndToEndTests {
  @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
  func theTUIsEmbeddedAPIIsAChildThatEndsWhenTheTUIIsKilled() async throws {
    let folder = try TemporaryFolder()
    let screens = try await CommandCatalog.tabs()
    let first = screens[0]
    let tmux = try TmuxSession(
      command: BuiltBinary.path("kumiki-tui") + " --features " + screens.map(\.key).joined(separator: ","),
      environment: ["KUMIKI_DB": folder.path + "/k.sqlite", "NO_COLOR": "1"])
    _ = try await tmux.waitFor(text: "1 \(first.title)")  // the tab bar: the app runs
    let tui = try #require(Self.children(of: try tmux.panePID()).first { Self.name(of: $0) == "kumiki-tui" })
    let api = try await Self.child(named: "kumiki-api", of: tui, timeout: .seconds(20))

    kill(tui, SIGKILL)
    try await Self.waitUntilGone(api, timeout: .seconds(10))
    _ = try await tmux.waitFor(text: "[exit 137]")
  }

  /// A joined child takes over when the server it joined stops (its app quit): the app that joined keeps its API at
  /// the same address, and writes still land in the file.
  @Test func aJoinedAPITakesOverWhenItsOwnerStops() async throws {
    let folder = try TemporaryFolder()
    let file = folder.path + "/kumiki-api.json"
    let owner = try APIChild(["--db", file, "--create-db"])
    let joiner = try APIChild(["--db", file, "--create-db", "--join"])
    #expect(joiner.address == owner.address)
    #expect(try joiner.waitForError { $0.hasPrefix("joined ") } != nil)

    owner.stop()
    #expect(try joiner.waitForError { $0.hasPrefix("took over ") } != nil)
    // A json-server write to the first collection of the sample data, whichever feature brings it.
    let database = try FixtureDatabase.bundled
    let collection = try #require(
      database.resourceNames.first { name in
        if case .array(let items)? = database[name], items.allSatisfy({ $0["id"] != nil }) { return true }
        return false
      }, "no collection in the sample data")
    var request = URLRequest(url: try #require(URL(string: joiner.address + "/" + collection)))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(#"{"note":"引継ぎ"}"#.utf8)
    let (_, response) = try await URLSession.shared.data(for: request)
    #expect((response as? HTTPURLResponse)?.statusCode == 201)
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("引継ぎ"))
    joiner.stop()
  }

  @Test func verboseForwardsTheChildsRequestLog() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let result = try await kumiki(["--verbose", "--fresh"] + command.words, folder: folder)
    #expect(result.status == 0, "\(result.stderr)")
    for request in command.requests {
      #expect(result.stderr.contains("kumiki-api: \(request) → 200"), "\(result.stderr)")
    }
  }

  /// Issue 38, item 2: help, `features` and completion start no API child (they build no app); a command that reads
  /// does, through the same `KUMIKI_API_BIN`, so the check can see a start.
  @Test(arguments: [["--help"], ["features"], ["features", "--json"], ["completion", "bash"], ["help"]])
  func answersThatNeedNoAppStartNoAPIChild(_ arguments: [String]) async throws {
    let folder = try TemporaryFolder()
    let marker = folder.path + "/api-started"
    let script = folder.path + "/kumiki-api"
    try "#!/bin/sh\ntouch '\(marker)'\nexit 1\n".write(toFile: script, atomically: true, encoding: .utf8)
    #expect(chmod(script, 0o755) == 0)
    let environment = ["KUMIKI_API_BIN": script]
    let result = try await kumiki(arguments, folder: folder, environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: marker), "\(arguments) started the API child")

    let command = try await ReadingCommand.first()
    _ = try await kumiki(command.words, folder: folder, environment: environment)
    #expect(FileManager.default.fileExists(atPath: marker), "a command did not start the API child")
  }

  /// Issue 38, item 2: the embedded API starts on the first request that needs it. A command the response cache
  /// answers (within max-age) sends none, so it starts no child, and prints what the first run printed.
  @Test func aCommandTheCacheAnswersStartsNoAPIChild() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let first = try await kumiki(command.words + ["--json"], folder: folder)  // the real kumiki-api, beside kumiki
    #expect(first.status == 0, "\(first.stderr)")
    let marker = folder.path + "/api-started"
    let script = folder.path + "/kumiki-api"
    try "#!/bin/sh\ntouch '\(marker)'\nexit 1\n".write(toFile: script, atomically: true, encoding: .utf8)
    #expect(chmod(script, 0o755) == 0)

    let cached = try await kumiki(command.words + ["--json"], folder: folder, environment: ["KUMIKI_API_BIN": script])
    #expect(cached.status == 0, "\(cached.stderr)")
    #expect(!cached.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: marker), "a command the cache answered started the API child")
  }

  @Test func withoutKumikiAPIBesideItKumikiSaysHowToFixIt() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let result = try await kumiki(
      command.words, folder: folder, environment: ["KUMIKI_API_BIN": folder.path + "/kumiki-api"])
    // The child starts on the command's first request, which fails saying why and how to fix it.
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.contains(
        "The embedded fixture server could not start: \(folder.path)/kumiki-api not found: "
          + "build it (make build APP=kumiki-api) or give an API with --api URL"), "\(result.stderr)")
    #expect(!result.stderr.contains(":9"), "the placeholder's address is no address: \(result.stderr)")
  }

  @Test func aKumikiAPIThatExitsBeforeListeningIsReportedWithItsStatusAndMessage() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let fake = folder.path + "/kumiki-api"
    try "#!/bin/sh\necho 'cannot bind: address in use' >&2\nexit 3\n".write(
      toFile: fake, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
    let result = try await kumiki(command.words, folder: folder, environment: ["KUMIKI_API_BIN": fake])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.contains(
        "The embedded fixture server could not start: kumiki-api did not start (exit status 3): "
          + "cannot bind: address in use"), "\(result.stderr)")
  }

  /// A data file that does not load leaves the app offline, not stopped: what the response cache holds still shows
  /// (the API is not even started for it: issue 38), every run that needs the API says which file, why and how to get
  /// out (`kumiki fixtures reset`), commands that need no API work, and the reset keeps the damaged file.
  @Test func aDataFileThatDoesNotLoadLeavesCachedAnswersAndSaysHowToReset() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let first = try await kumiki(command.words, folder: folder)  // fills the cache from the embedded API
    #expect(first.status == 0, "\(first.stderr)")
    let file = folder.path + "/kumiki-api.json"
    let damaged = "{\n  \"xyz123\": [,]\n}\n"
    try damaged.write(toFile: file, atomically: false, encoding: .utf8)
    let problem = "The embedded API cannot load its data file \(file) (malformed JSON at line 2, column 14: "

    // Answered by the cache: no request, so the API is not started and has nothing to say.
    let cached = try await kumiki(command.words, folder: folder)
    #expect(cached.status == 0, "\(cached.stderr)")
    #expect(cached.stdout == first.stdout)

    // A read that must reach the API fails, saying why and what to do.
    let fresh = try await kumiki(["--fresh"] + command.words, folder: folder)
    #expect(fresh.status == 1)
    #expect(fresh.stdout.isEmpty)
    // What happened, not `Could not connect to 127.0.0.1:9` (the made-up address nothing was asked at).
    #expect(fresh.stderr.contains(problem), "\(fresh.stderr)")
    #expect(!fresh.stderr.contains("127.0.0.1:9") && !fresh.stderr.contains("Could not connect"), "\(fresh.stderr)")
    #expect(fresh.stderr.contains("`kumiki fixtures reset` puts the sample data in its place"), "\(fresh.stderr)")

    // Commands that need no API answer as before.
    let outbox = try await kumiki(["outbox", "list"], folder: folder)
    #expect(outbox.status == 0, "\(outbox.stderr)")
    let status = try await kumiki(["cache", "status"], folder: folder)
    #expect(status.status == 0, "\(status.stderr)")

    // The reset keeps the damaged file beside it, every byte, and the API serves again.
    let reset = try await kumiki(["fixtures", "reset", "--yes"], folder: folder)
    #expect(reset.status == 0, "\(reset.stderr)")
    let kept = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
        $0.hasPrefix("kumiki-api.json.corrupt-")
      })
    #expect(try String(contentsOfFile: folder.path + "/" + kept, encoding: .utf8) == damaged)
    #expect(reset.stderr == "kumiki: \(file) did not load; its content is kept in \(folder.path)/\(kept)\n")
    let again = try await kumiki(["--fresh"] + command.words, folder: folder)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout == first.stdout)
  }

  /// Issue 39, item 6: a data file made before a feature was added answers for the feature's collections at the next
  /// start (the embedded API adds what it lacks), and keeps the user's data, every byte of it. Before, the command got
  /// 404 until `kumiki fixtures reset`, which drops the user's changes too. The command and its collections are the
  /// first reading command's, whichever feature brings it.
  @Test func aDataFileFromBeforeAFeatureGainsItsCollectionsAndKeepsTheUsersData() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let file = folder.path + "/kumiki-api.json"
    var database = try FixtureDatabase.bundled
    for collection in command.collections { database.root[collection] = nil }
    try #require(!database.root.members.isEmpty, "the command reads every collection: nothing of the user's to keep")
    // The user's own key, written as no save writes it (`1.50`), then the rest of the sample data.
    let rest = String(decoding: JSONWriter().bytes(of: .object(database.root)).dropFirst(2), as: UTF8.self)
    let users = "{\n  \"mine\": {\"kept\": 1.50},\n" + rest
    let head = String(users[..<(try #require(users.lastIndex(of: "}")))])
    try users.write(toFile: file, atomically: false, encoding: .utf8)

    let run = try await kumiki(["--fresh"] + command.words, folder: folder)
    #expect(run.status == 0, "\(command.words): \(run.stderr)")
    let saved = try String(contentsOfFile: file, encoding: .utf8)
    #expect(saved.hasPrefix(head.trimmingCharacters(in: .whitespacesAndNewlines)), "\(saved.prefix(300))")
    let reloaded = try FixtureDatabase(json: Array(saved.utf8))
    for collection in command.collections {
      #expect(reloaded[collection] == (try FixtureDatabase.bundled)[collection], "\(collection)")
    }
  }

  /// A FIFO (or a directory) at the data path is refused by its type, at once: `kumiki-api` never opens it for reading
  /// (which would wait for a writer forever), exits 65, and the app says what it is and that reset does not replace
  /// it.
  @Test func aFIFOAtTheDataPathIsRefusedAtOnceAndNeverReplaced() async throws {
    let command = try await ReadingCommand.first()
    let folder = try TemporaryFolder()
    let file = folder.path + "/kumiki-api.json"
    #expect(mkfifo(file, 0o600) == 0)
    let api = try await CommandResult.launch(BuiltBinary.path("kumiki-api"), ["--db", file, "--port", "0"])
    #expect(api.status == 65, "\(api.stderr)")
    #expect(
      api.stderr == "kumiki-api: cannot load \(file): cannot read \(file): it is a FIFO (named pipe), not a data file\n"
    )

    let run = try await kumiki(command.words, folder: folder)
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "The embedded API cannot load its data file \(file) (cannot read \(file): it is a FIFO"),
      "\(run.stderr)")
    #expect(run.stderr.contains("move it away"), "\(run.stderr)")
    let reset = try await kumiki(["fixtures", "reset", "--yes"], folder: folder)
    #expect(reset.status == 1)
    #expect(
      reset.stderr.contains("it is a FIFO (named pipe), not a data file; move it away to reset the data"),
      "\(reset.stderr)")
    var info = stat()
    #expect(lstat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }

  // MARK: - Helpers

  /// The children of every thread of `pid` (a child belongs to the thread that spawned it).
  static func children(of pid: Int32) -> [Int32] {
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return threads.flatMap { thread in
      let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/children", encoding: .utf8)) ?? ""
      return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
  }

  /// The first child of `pid` named `name`, waited for (checked every 20 ms) up to `timeout`.
  static func child(named name: String, of pid: Int32, timeout: Duration) async throws -> Int32 {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if let child = children(of: pid).first(where: { self.name(of: $0) == name }) { return child }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw NoFeatureFits("no \(name) child of \(pid) after \(timeout)")
  }

  static func name(of pid: Int32) -> String {
    ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Waits until `pid` no longer runs (gone, or a zombie awaiting its reaper). Not our child, so there is nothing to
  /// wait on: its state is checked every 20 ms until `timeout`.
  static func waitUntilGone(_ pid: Int32, timeout: Duration) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] != "Z"
      else { return }
      try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("process \(pid) (kumiki-api) still runs \(timeout) after its parent was killed")
  }
}

/// A `kumiki-api --port 0 --exit-on-eof` child for the tests (or on `port`): its address from the banner, its standard
/// error line by line, stopped by closing its input (or killed).
final class APIChild: @unchecked Sendable {
  // @unchecked: used by one test at a time.
  let address: String
  private let process = Process()
  private let input = Pipe()
  private let errors = Pipe()
  private var pending = Data()

  init(_ arguments: [String], port: Int = 0) throws {
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: BuiltBinary.path("kumiki-api"))
    process.arguments = ["--port", String(port), "--exit-on-eof"] + arguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    var banner = Data()
    while !banner.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { throw CocoaError(.fileReadUnknown) }
      banner += chunk
    }
    let first = String(decoding: banner.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    address = String(first.split(separator: " ").last ?? "")
  }

  /// The first line of standard error that satisfies `condition`, reading as the child writes; `nil` at its end.
  func waitForError(_ condition: (String) -> Bool) throws -> String? {
    while true {
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        if condition(line) { return line }
      }
      let chunk = errors.fileHandleForReading.availableData
      if chunk.isEmpty { return nil }
      pending += chunk
    }
  }

  func stop() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  /// SIGKILL, then waits until it is gone (its sockets closed by the kernel).
  func kill() {
    Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  deinit {
    if process.isRunning { stop() }
  }
}
