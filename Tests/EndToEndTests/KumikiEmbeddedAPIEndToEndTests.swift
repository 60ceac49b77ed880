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
