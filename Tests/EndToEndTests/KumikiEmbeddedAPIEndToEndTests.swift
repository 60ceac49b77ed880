import Foundation
import Testing

/// With no `--api`, the apps run `kumiki-api` (built beside them) as a child process on an ephemeral port: it serves
/// them, and it ends with them, even when they are killed.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct KumikiEmbeddedAPIEndToEndTests {
  @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
  func theTUIsEmbeddedAPIIsAChildThatEndsWhenTheTUIIsKilled() async throws {
    let folder = try TemporaryFolder()
    let tmux = try TmuxSession(
      command: BuiltBinary.path("kumiki-tui"), environment: ["KUMIKI_DB": folder.path + "/k.sqlite", "NO_COLOR": "1"])
    _ = try await tmux.waitFor(text: "Campaigns")  // served by the child
    let tui = try #require(Self.children(of: try tmux.panePID()).first { Self.name(of: $0) == "kumiki-tui" })
    let api = try #require(Self.children(of: tui).first { Self.name(of: $0) == "kumiki-api" })

    kill(tui, SIGKILL)
    try await Self.waitUntilGone(api, timeout: .seconds(10))
    _ = try await tmux.waitFor(text: "[exit 137]")
  }

  /// `kumiki profile edit` said "Profile updated." and the next `kumiki profile` showed the old nickname: the child
  /// ran without `--db`. Its data now lives in `kumiki-api.json` beside the database, private, until
  /// `kumiki fixtures reset`.
  @Test func writesOnTheEmbeddedAPISurviveRestartsUntilFixturesReset() async throws {
    let folder = try TemporaryFolder()
    let edit = try await kumiki(["profile", "edit", "--nickname", "寿司部長"], folder: folder)
    #expect(edit.status == 0, "\(edit.stderr)")
    let file = folder.path + "/kumiki-api.json"
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("寿司部長"))
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber
    #expect(mode?.intValue == 0o600)
    let again = try await kumiki(["--fresh", "profile", "--json"], folder: folder)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("\"nickname\":\"寿司部長\""))

    let reset = try await kumiki(["fixtures", "reset"], folder: folder)
    #expect(reset.status == 0, "\(reset.stderr)")
    #expect(reset.stdout.contains(file))
    let sample = try await kumiki(["--fresh", "profile", "--json"], folder: folder)
    #expect(sample.stdout.contains("\"nickname\":\"食いしん坊の編集者\""))
  }

  /// An app started while another app's embedded API serves the same data file joins that server (two servers on
  /// one file would lose writes); `fixtures reset` is refused while it runs.
  @Test func aSecondAppJoinsTheRunningEmbeddedAPI() async throws {
    let folder = try TemporaryFolder()
    let owner = Process()
    owner.executableURL = URL(fileURLWithPath: BuiltBinary.path("kumiki-api"))
    owner.arguments = ["--port", "0", "--exit-on-eof", "--db", folder.path + "/kumiki-api.json", "--create-db"]
    let input = Pipe()
    let output = Pipe()
    owner.standardInput = input
    owner.standardOutput = output
    try owner.run()
    defer {
      try? input.fileHandleForWriting.close()
      owner.waitUntilExit()
    }
    // The banner's first line says where it listens: it is up, and its address is in the lock file.
    var banner = Data()
    while !banner.contains(UInt8(ascii: "\n")) { banner += output.fileHandleForReading.availableData }
    let firstLine = String(decoding: banner, as: UTF8.self).split(separator: "\n").first ?? ""
    let address = try #require(firstLine.split(separator: " ").last)
      .trimmingCharacters(in: .whitespacesAndNewlines)

    let edit = try await kumiki(["--verbose", "profile", "edit", "--nickname", "相席"], folder: folder)
    #expect(edit.status == 0, "\(edit.stderr)")
    #expect(edit.stderr.contains("joined"), "\(edit.stderr)")
    // Written by the owner (its file holds it), not by a second server of this app's.
    #expect(try String(contentsOfFile: folder.path + "/kumiki-api.json", encoding: .utf8).contains("相席"))
    #expect(edit.stderr.contains(address), "\(edit.stderr)")

    let reset = try await kumiki(["fixtures", "reset"], folder: folder)
    #expect(reset.status == 1)
    #expect(reset.stderr.contains("already served"), "\(reset.stderr)")
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
    let edit = try await CommandResult.launch(
      BuiltBinary.path("kumiki"),
      ["--api", joiner.address, "--db", folder.path + "/k.sqlite", "profile", "edit", "--nickname", "引継ぎ"])
    #expect(edit.status == 0, "\(edit.stderr)")
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("引継ぎ"))
    joiner.stop()
  }

  @Test func verboseForwardsTheChildsRequestLog() async throws {
    let folder = try TemporaryFolder()
    let result = try await kumiki(["--verbose", "--fresh", "favorites"], folder: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("kumiki-api: GET /favorite_scenes → 200"), "\(result.stderr)")
  }

  @Test func withoutKumikiAPIBesideItKumikiSaysHowToFixIt() async throws {
    let folder = try TemporaryFolder()
    let result = try await kumiki(
      ["home"], folder: folder, environment: ["KUMIKI_API_BIN": folder.path + "/kumiki-api"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "kumiki: could not start the embedded fixture server: \(folder.path)/kumiki-api not found: "
        + "build it (make build APP=kumiki-api) or give an API with --api URL\n")
  }

  @Test func aKumikiAPIThatExitsBeforeListeningIsReportedWithItsStatusAndMessage() async throws {
    let folder = try TemporaryFolder()
    let fake = folder.path + "/kumiki-api"
    try "#!/bin/sh\necho 'cannot bind: address in use' >&2\nexit 3\n".write(
      toFile: fake, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
    let result = try await kumiki(["home"], folder: folder, environment: ["KUMIKI_API_BIN": fake])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "kumiki: could not start the embedded fixture server: kumiki-api did not start (exit status 3): "
        + "cannot bind: address in use\n")
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

/// A `kumiki-api --port 0 --exit-on-eof` child for the tests: its address from the banner, its standard error line
/// by line, stopped by closing its input.
final class APIChild: @unchecked Sendable {
  // @unchecked: used by one test at a time.
  let address: String
  private let process = Process()
  private let input = Pipe()
  private let errors = Pipe()
  private var pending = Data()

  init(_ arguments: [String]) throws {
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: BuiltBinary.path("kumiki-api"))
    process.arguments = ["--port", "0", "--exit-on-eof"] + arguments
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

  deinit {
    if process.isRunning { stop() }
  }
}
