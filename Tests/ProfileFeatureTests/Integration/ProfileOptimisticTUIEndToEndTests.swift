import CompositionRootTesting
import FixtureData
import FixtureServer
import Foundation
import Testing

/// The real `kumiki-tui` in tmux: an optimistic nickname edit the server refuses is rolled back, and the form says so.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
struct ProfileOptimisticTUIEndToEndTests {
  let binary = BuiltBinary.path("kumiki-tui")

  @Test func aRefusedNicknameEditIsRolledBackWithAVisibleMessage() async throws {
    let folder = try TemporaryFolder()
    let environment = ["KUMIKI_DB": folder.path + "/kumiki.sqlite", "NO_COLOR": "1"]
    let server = try await FixtureServer.start(.init(port: 0))
    do {
      let tmux = try TmuxSession(
        command: binary + " --features profile --api " + server.baseURL.absoluteString, environment: environment)
      _ = try await tmux.waitFor(text: "食いしん坊の編集者")
      try tmux.keys("End", "Up", "Enter")  // the last buttons are Edit profile, Refresh
      _ = try await tmux.waitFor(text: "Self-introduction:")
      try tmux.keys("Enter", "C-u")  // edit the nickname field (focused first) and clear it
      try tmux.type("カレー部長")
      _ = try await tmux.waitFor(text: "カレー部長")
      // The server refuses the PATCH (and answers late, so the change shows first).
      server.setFaults([.latency(milliseconds: 300), .status(422)], for: .endpoint("profile_personal"))
      try tmux.keys("Down", "Down", "Enter")  // leave the field, past the introduction, to Save
      // The message wraps inside the dialog: its words are on screen, not necessarily on one line.
      let refused = try await tmux.waitFor("the refusal and the rollback said") {
        // The server's reason (the fault's `{"error": …}`) is said: issue 34, item 16.
        $0.contains("Refused by the server: injected fault: status=422") && $0.contains("change was undone")
      }
      #expect(refused.contains("Retry"))
      #expect(refused.contains("カレー部長"))  // the draft stays in the form
      server.clearFaults()
      // Only the form's field holds the new nickname: nothing behind the form shows it any more.
      #expect(refused.components(separatedBy: "カレー部長").count == 2, "\(refused)")
    }
    await server.shutdown()
  }
}
