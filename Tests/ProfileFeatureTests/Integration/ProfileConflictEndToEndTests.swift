import CompositionRootTesting
import FixtureData
import FixtureServer
import Foundation
import Networking
import NetworkingCurl
import Testing

/// Two writers, the built apps: a profile edit made over a version someone else changed since is not written. The
/// CLI says so on standard error and exits 3 (`--json`: the conflict), and running it again saves over theirs; a
/// queued edit that meets the change when the outbox sends it is a conflict entry `kumiki outbox retry` keeps and
/// `discard` drops; `kumiki-tui` shows the conflict dialog, Edit again focused, and each choice does what it says, and
/// its outbox list (`o`) resolves held conflict entries as `kumiki outbox retry` and `discard` do.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ProfileConflictEndToEndTests {
  static let original = "食いしん坊の編集者"

  /// The other writer: a PATCH of the profile straight to the server, behind the apps' back.
  static func otherWriter(_ server: FixtureServer, nickname: String) async throws {
    let response = try await HTTPClient.curl().send(
      try .json(.patch, server.baseURL.appending(path: "profile_personal"), body: ["nickname": nickname]))
    #expect(response.status == 200)
  }

  /// Two profile edits queued offline in `folder` (after a read gave them the version), then another writer's change
  /// on the server that came back, then `kumiki outbox send`: the API, the running server and what the send said.
  static func twoQueuedEditsMeetAnotherWriter(
    _ folder: TemporaryFolder
  ) async throws -> (api: URL, server: FixtureServer, send: CommandResult) {
    let port = try await ProfileOutboxEndToEndTests.closedPort()
    let api = URL(string: "http://127.0.0.1:\(port)/")!
    let first = try await ProfileOutboxEndToEndTests.serve(.init(port: port))
    #expect((try await kumiki(["profile"], api: api, folder: folder)).status == 0)
    await first.shutdown()
    for nickname in ["一つ目", "二つ目"] {
      let edit = try await kumiki(["profile", "edit", "--nickname", nickname], api: api, folder: folder)
      #expect(edit.status == 0, "\(edit.stderr)")
    }
    let server = try await ProfileOutboxEndToEndTests.serve(.init(port: port))
    try await otherWriter(server, nickname: "別の人")
    return (api, server, try await kumiki(["outbox", "send"], api: api, folder: folder))
  }

  static func nickname(in server: FixtureServer) -> String? {
    if case .string(let name)? = server.database.root["profile_personal"]?["nickname"] { name } else { nil }
  }

  @Test func theCLISaysTheConflictExits3AndRunningAgainSavesOverTheirs() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    do {
      #expect((try await kumiki(["profile"], api: server.baseURL, folder: folder)).status == 0)  // the user reads it
      try await Self.otherWriter(server, nickname: "別の人")

      let edit = try await kumiki(["profile", "edit", "--nickname", "私の名前"], api: server.baseURL, folder: folder)
      #expect(edit.status == 3, "\(edit.stderr)")
      #expect(edit.stdout.isEmpty)
      #expect(
        edit.stderr.contains(
          "kumiki: conflict — the profile changed on the server since this app last read it (412); nothing was "
            + "saved. Theirs: nickname \"別の人\". Run the command again to save yours over theirs."),
        "\(edit.stderr)")
      #expect(Self.nickname(in: server) == "別の人")

      try await Self.otherWriter(server, nickname: "また別の人")
      let json = try await kumiki(
        ["profile", "edit", "--nickname", "私の名前", "--json"], api: server.baseURL, folder: folder)
      #expect(json.status == 3, "\(json.stderr)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
      let conflict = try #require(object["conflict"] as? [String: Any])
      #expect(conflict["message"] as? String != nil)
      #expect((conflict["yours"] as? [String: Any])?["nickname"] as? String == "私の名前")
      #expect((conflict["theirs"] as? [String: Any])?["nickname"] as? String == "また別の人")
      #expect(Self.nickname(in: server) == "また別の人")

      // Keep mine: the command again, now over the version it was told of.
      let again = try await kumiki(["profile", "edit", "--nickname", "私の名前"], api: server.baseURL, folder: folder)
      #expect(again.status == 0, "\(again.stderr)")
      #expect(Self.nickname(in: server) == "私の名前")
    }
    await server.shutdown()
  }

  @Test func aQueuedEditThatMeetsAChangeIsAConflictEntryRetryKeepsAndDiscardDrops() async throws {
    let folder = try TemporaryFolder()
    let (api, server, send) = try await Self.twoQueuedEditsMeetAnotherWriter(folder)
    do {
      #expect(send.status == 1, "\(send.stderr)")
      #expect(
        send.stderr.contains(
          "kumiki: outbox send: change 1 (PATCH profile_personal) is a conflict: the item changed on the server since "
            + "(412), nothing was written — keep yours: kumiki outbox retry 1; take theirs: kumiki outbox discard 1"),
        "\(send.stderr)")
      #expect(Self.nickname(in: server) == "別の人")
      let list = try await kumiki(["outbox"], folder: folder)
      #expect(list.stdout.contains("1  conflict  PATCH profile_personal (nickname)"), "\(list.stdout)")
      #expect(list.stdout.contains("2  conflict  PATCH profile_personal (nickname)"), "\(list.stdout)")
      let json = try await kumiki(["outbox", "--json"], folder: folder)
      #expect(json.stdout.contains(#""conflicts":2"#), "\(json.stdout)")
      #expect(json.stdout.contains(#""state":"conflict""#), "\(json.stdout)")

      // Take theirs for the first, keep mine for the second.
      #expect((try await kumiki(["outbox", "discard", "1"], folder: folder)).status == 0)
      let retry = try await kumiki(["outbox", "retry", "2"], api: api, folder: folder)
      #expect(retry.status == 0, "\(retry.stderr)")
      #expect(retry.stdout == "Sent 1 change.\n", "\(retry.stdout)")
      #expect(Self.nickname(in: server) == "二つ目")
    }
    await server.shutdown()
  }

  /// Three rounds in one session, each after another writer changed the profile behind the TUI's back: Take theirs,
  /// Keep mine, then Edit again (the focused default) and Save.
  @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
  func theTUIShowsTheConflictDialogAndEachChoiceDoesWhatItSays() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    do {
      let tmux = try TmuxSession(
        command: BuiltBinary.path("kumiki-tui") + " --features profile --api " + server.baseURL.absoluteString,
        width: 120, height: 50, environment: ["KUMIKI_DB": folder.path + "/kumiki.sqlite", "NO_COLOR": "1"])

      /// Opens the form, types `nickname`, lets the other writer write `theirs`, saves: the dialog shows.
      func conflict(_ nickname: String, theirs: String) async throws -> String {
        try tmux.keys("End", "Up", "Enter")  // the last buttons are Edit profile, Refresh
        _ = try await tmux.waitFor(text: "Self-introduction:")
        try tmux.keys("Enter", "C-u")  // the nickname field, cleared
        try tmux.type(nickname)
        _ = try await tmux.waitFor(text: nickname)
        try await Self.otherWriter(server, nickname: theirs)
        try tmux.keys("Down", "Down", "Enter")  // Save
        return try await tmux.waitFor("the conflict dialog, Edit again focused") {
          $0.contains("Changed on the server") && $0.contains("< Edit again >") && $0.contains("[ Keep mine ]")
            && $0.contains("[ Take theirs ]")
        }
      }

      _ = try await tmux.waitFor(text: Self.original)
      // Take theirs: the form closes, the screen shows theirs, the server keeps it.
      let first = try await conflict("私の一", theirs: "彼らの一")
      #expect(first.contains("Someone else changed this since you opened it"), "\(first)")
      try tmux.keys("Tab", "Tab")
      _ = try await tmux.waitFor(text: "< Take theirs >")
      try tmux.keys("Enter")
      try await tmux.waitFor("theirs shown, the form closed") {
        $0.contains("彼らの一") && !$0.contains("Changed on the server") && !$0.contains("Self-introduction:")
      }
      #expect(Self.nickname(in: server) == "彼らの一")

      // Keep mine: sent over theirs.
      _ = try await conflict("私の二", theirs: "彼らの二")
      try tmux.keys("Tab")
      _ = try await tmux.waitFor(text: "< Keep mine >")
      try tmux.keys("Enter")
      try await tmux.waitFor("mine saved over theirs") {
        $0.contains("私の二") && !$0.contains("Changed on the server") && !$0.contains("Self-introduction:")
      }
      #expect(Self.nickname(in: server) == "私の二")

      // Edit again (Enter on the focused default): the form is back with the draft; Save goes over theirs now shown.
      _ = try await conflict("私の三", theirs: "彼らの三")
      try tmux.keys("Enter")
      try await tmux.waitFor("the form again, with the draft") {
        !$0.contains("Changed on the server") && $0.contains("Self-introduction:") && $0.contains("私の三")
      }
      #expect(Self.nickname(in: server) == "彼らの三")
      try tmux.keys("Tab", "Tab", "Enter")  // from the focused nickname field past the introduction to Save
      try await tmux.waitFor("saved") { $0.contains("私の三") && !$0.contains("Self-introduction:") }
      #expect(Self.nickname(in: server) == "私の三")
      try tmux.keys("q")
      _ = try await tmux.waitFor(text: "[exit 0]")
    }
    await server.shutdown()
  }

  /// The TUI queues an edit while the API is down; the API comes back after another writer changed the profile: the
  /// edit is not written, the status bar says so with both ways out, the screen shows theirs, and the outbox list
  /// (`o`) shows the conflict entry.
  @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
  func theTUIShowsAQueuedEditThatMetAChangeAsAConflictEntry() async throws {
    let folder = try TemporaryFolder()
    let port = try await ProfileOutboxEndToEndTests.closedPort()
    let api = URL(string: "http://127.0.0.1:\(port)/")!
    var server = try await ProfileOutboxEndToEndTests.serve(.init(port: port))
    #expect((try await kumiki(["profile"], api: api, folder: folder)).status == 0)
    await server.shutdown()
    let tmux = try TmuxSession(
      command: BuiltBinary.path("kumiki-tui") + " --features profile --api " + api.absoluteString, width: 260,
      height: 60, environment: ["KUMIKI_DB": folder.path + "/kumiki.sqlite", "NO_COLOR": "1"])
    _ = try await tmux.waitFor(text: Self.original)
    try tmux.keys("End", "Up", "Enter")
    _ = try await tmux.waitFor(text: "Self-introduction:")
    try tmux.keys("Enter", "C-u")
    try tmux.type("待ち猫")
    _ = try await tmux.waitFor(text: "待ち猫")
    try tmux.keys("Down", "Down", "Enter")  // Save: the API cannot be reached, the edit is queued
    _ = try await tmux.waitFor("the queued change shown") { screen in
      !screen.contains("Self-introduction:")
        && ProfileOutboxEndToEndTests.statusBar(screen).contains("1 change waiting to send")
    }

    server = try await ProfileOutboxEndToEndTests.serve(.init(port: port))
    try await Self.otherWriter(server, nickname: "別の人")
    try tmux.keys("r")  // a refresh reaches the API: the waiting edit is sent, and meets the change
    let conflict = try await tmux.waitFor("the conflict said") { screen in
      ProfileOutboxEndToEndTests.statusBar(screen).contains("met a newer change on the server")
    }
    // In the TUI's words: its outbox list's keys, not the CLI's commands.
    let notice = ProfileOutboxEndToEndTests.statusBar(conflict)
    #expect(notice.contains("Keep yours: r on change 1 in the outbox list (o)"), "\(conflict)")
    #expect(!notice.contains("kumiki outbox"), "\(conflict)")
    #expect(Self.nickname(in: server) == "別の人")
    _ = try await tmux.waitFor("theirs shown") { $0.contains("別の人") && !$0.contains("待ち猫") }
    try tmux.keys("o")
    // The status bar's notice names the change too: wait for the list's own line.
    _ = try await tmux.waitFor(text: "1  conflict  PATCH profile_personal (nickname)")
    try tmux.keys("q")
    _ = try await tmux.waitFor("the outbox list closed") { !$0.contains("1  conflict  PATCH profile_personal") }
    try await tmux.quit()
    await server.shutdown()
  }

  /// Issue 36, item 2 (both apps show it): two queued edits met another writer's change and are held as conflicts.
  /// In `kumiki-tui`'s outbox list, `d` asks, then takes theirs for the first (nothing sent, the server keeps
  /// theirs); `r` keeps mine for the second: sent over theirs, the list empties and the screen shows mine.
  @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
  func theTUIOutboxListResolvesHeldConflictsAsTheCLIDoes() async throws {
    let folder = try TemporaryFolder()
    let (api, server, send) = try await Self.twoQueuedEditsMeetAnotherWriter(folder)
    do {
      #expect(send.status == 1, "both are held as conflicts: \(send.stderr)")

      let tmux = try TmuxSession(
        command: BuiltBinary.path("kumiki-tui") + " --features profile --api " + api.absoluteString, width: 200,
        height: 50, environment: ["KUMIKI_DB": folder.path + "/kumiki.sqlite", "NO_COLOR": "1"])
      _ = try await tmux.waitFor("theirs shown, two conflicts held") { screen in
        screen.contains("別の人") && ProfileOutboxEndToEndTests.statusBar(screen).contains("2 conflicts")
      }
      try tmux.keys("o")
      let list = try await tmux.waitFor(text: "> 1  conflict  PATCH profile_personal (nickname)")
      #expect(list.contains("  2  conflict  PATCH profile_personal (nickname)"), "\(list)")
      #expect(list.contains("r retry (a conflict: keep yours) - d discard (take theirs)"), "\(list)")

      // Take theirs: asked first, then dropped unsent.
      try tmux.keys("d")
      _ = try await tmux.waitFor(text: "Discard change 1? It will never be sent.")
      try tmux.keys("y")
      try await tmux.waitFor("change 1 discarded") { screen in
        !screen.contains("1  conflict") && screen.contains("> 2  conflict  PATCH profile_personal (nickname)")
      }
      try await tmux.waitFor("the discard said") { screen in
        ProfileOutboxEndToEndTests.statusBar(screen).contains(
          "Discarded change 1 (PATCH profile_personal (nickname)): it was not sent.")
      }
      #expect(Self.nickname(in: server) == "別の人")

      // Keep mine: sent again without its condition, over theirs.
      try tmux.keys("r")
      try await tmux.waitFor("change 2 sent, the list empty") { screen in
        screen.contains("No change waits to send.") && ProfileOutboxEndToEndTests.statusBar(screen).contains("Sent")
      }
      #expect(Self.nickname(in: server) == "二つ目")
      try tmux.keys("Escape")
      // The list closed too: Esc read alone, not as the start of Alt-Ctrl-C with the quit's Ctrl-C sent next.
      try await tmux.waitFor("the list closed, mine shown, nothing held") { screen in
        !screen.contains("Outbox:") && screen.contains("二つ目") && !screen.contains("別の人")
          && !ProfileOutboxEndToEndTests.statusBar(screen).contains("conflict")
      }
      let listed = try await kumiki(["outbox"], folder: folder)
      #expect(listed.stdout == "The outbox is empty: no change waits to send.\n", "\(listed.stdout)")
      try await tmux.quit()
    }
    await server.shutdown()
  }
}
