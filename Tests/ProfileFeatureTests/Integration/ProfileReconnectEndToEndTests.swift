import CompositionRootTesting
import FixtureServer
import Foundation
import Testing

/// Issue 35: offline, the TUI said `offline  1 change waiting to send` until the user pressed `r`; nothing asked the
/// API again. Now it probes with back-off while the API does not answer: when the API is back, with no key pressed,
/// the waiting change is sent, the screen on view reads its data again and the status bar says so.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
struct ProfileReconnectEndToEndTests {
  @Test func theTUIReconnectsByItselfSendsWhatWaitsAndRefetches() async throws {
    let folder = try TemporaryFolder()
    let port = try await ProfileOutboxEndToEndTests.closedPort()
    let api = URL(string: "http://127.0.0.1:\(port)/")!
    let edit = try await kumiki(["profile", "edit", "--nickname", "戻り猫"], api: api, folder: folder)
    #expect(edit.status == 0, "\(edit.stderr)")

    let tmux = try TmuxSession(
      command: BuiltBinary.path("kumiki-tui") + " --features profile --api " + api.absoluteString, width: 120,
      height: 40, environment: ["KUMIKI_DB": folder.path + "/kumiki.sqlite", "NO_COLOR": "1"])
    let offline = try await tmux.waitFor("offline, the change waiting") { screen in
      let bar = ProfileOutboxEndToEndTests.statusBar(screen)
      return bar.hasPrefix(" offline ") && bar.contains("1 change waiting to send")
    }
    #expect(!offline.contains("食いしん坊の編集者"), "\(offline)")

    // The API comes back on the same port; no key is pressed from here on.
    let server = try await ProfileOutboxEndToEndTests.serve(.init(port: port))
    defer { Task { await server.shutdown() } }
    // The probe's back-off (1 s doubling, up to 16 s by now) bounds the wait.
    let back = try await tmux.waitFor("reconnected by itself", timeout: .seconds(60)) { screen in
      let bar = ProfileOutboxEndToEndTests.statusBar(screen)
      return screen.contains("Sent 1 waiting change.") && !bar.contains("waiting to send") && bar.hasPrefix(" ready ")
        && screen.contains("戻り猫")
    }
    #expect(!back.contains("Retry"), "\(back)")
    let profile = try await kumiki(["profile", "--json", "--fresh"], api: api, folder: folder)
    #expect(profile.stdout.contains(#""nickname":"戻り猫""#), "\(profile.stdout)")
    try tmux.keys("q")
    _ = try await tmux.waitFor(text: "[exit 0]")
  }
}
