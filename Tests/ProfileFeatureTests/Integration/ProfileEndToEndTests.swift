import CompositionRootTesting
import FixtureData
import FixtureServer
import Foundation
import Persistence
import PersistenceSQLite
import Testing

/// Profile in the built apps: `kumiki profile` and `profile edit` (one JSON shape), the edit form in `kumiki-tui`
/// in a real terminal (tmux) — saved by the server, scrolled back to its first line, modal — and its writes on the
/// embedded API, which stay across restarts until `kumiki fixtures reset`.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ProfileEndToEndTests {
  let tui = BuiltBinary.path("kumiki-tui")

  func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not an object: \(text)")
  }

  /// Profile's tab and another one (the first other feature with a tab, whichever it is), `--features` for both,
  /// and the tab keys of each: what a test of the form's modality needs to press a tab that is not Profile's.
  func profileAndAnotherTab() async throws -> (features: String, profile: String, other: String) {
    let screens = try await CommandCatalog.tabs().map(\.key)
    let other = try #require(screens.first { $0 != "profile" }, "no feature with a tab besides profile")
    let keys = screens.filter { $0 == "profile" || $0 == other }
    let profile = try #require(keys.firstIndex(of: "profile")) + 1
    let otherIndex = try #require(keys.firstIndex(of: other)) + 1
    return (keys.joined(separator: ","), String(profile), String(otherIndex))
  }

  /// Issue 26: `profile edit --json` printed the personal object at the top level and `profile --json` under
  /// `personal`, so `jq .personal.nickname` printed null on one of them. Both print it under `personal`, the same
  /// object.
  @Test func profileAndProfileEditPrintOnePersonalShape() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let edit = try await kumiki(
      ["profile", "edit", "--nickname", "寿司部長", "--json"], api: server.baseURL, folder: folder)
    #expect(edit.status == 0, "\(edit.stderr)")
    let edited = try #require(try object(edit.stdout)["personal"] as? [String: Any])
    #expect(edited["nickname"] as? String == "寿司部長")
    let show = try await kumiki(["--fresh", "profile", "--json"], api: server.baseURL, folder: folder)
    #expect(show.status == 0, "\(show.stderr)")
    let shown = try #require(try object(show.stdout)["personal"] as? [String: Any])
    #expect(shown["nickname"] as? String == "寿司部長")
    #expect(Set(edited.keys) == Set(shown.keys))
    #expect(NSDictionary(dictionary: edited).isEqual(to: shown), "the same personal object")
  }

  /// Issue 35: Recently Saved showed the API's fixed 2023 list. It shows what the user saved, read from the app's
  /// database (saved here straight into the file, as any front end saves it), newest first.
  @Test func recentlySavedShowsTheUsersSavedItems() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let empty = try await kumiki(["profile", "--tab", "recent", "--json"], api: server.baseURL, folder: folder)
    #expect(empty.status == 0, "\(empty.stderr)")
    #expect((try object(empty.stdout)["recent"] as? [Any])?.isEmpty == true, "\(empty.stdout)")

    let database = try KumikiDatabase.open(path: folder.path + "/kumiki.sqlite")
    try await database.savedItems.save(
      SavedItem(
        id: 6, category: "和食", dishName: "鯛めし", shopName: "海辺の食堂 しおさい", introduction: "炊きたて",
        photoURL: "", savedAt: Date(timeIntervalSince1970: 1_795_000_000)))
    try database.close()
    let saved = try await kumiki(
      ["--fresh", "profile", "--tab", "recent", "--json"], api: server.baseURL, folder: folder)
    #expect(saved.status == 0, "\(saved.stderr)")
    let recent = try #require(try object(saved.stdout)["recent"] as? [[String: Any]], "\(saved.stdout)")
    #expect(recent.map { $0["title"] as? String } == ["鯛めし"])
    #expect(recent.first?["published_at"] as? String == "2026-11-18T11:06:40Z")
  }

  /// `kumiki profile --tab` takes one of its sections: anything else is a usage error.
  @Test func anUnknownTabIsAUsageError() async throws {
    let folder = try TemporaryFolder()
    #expect(try await kumiki(["profile", "--tab", "nope"], folder: folder).status == 64)
  }

  @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
  func editingTheNicknameIsSavedByTheServerAndShownAfterARestart() async throws {
    let folder = try TemporaryFolder()
    // A json-server database file of our own, as `kumiki-api --db FILE` serves and saves it.
    let file = URL(fileURLWithPath: folder.path + "/db.json")
    try Data(FixtureDatabase.bundledJSON).write(to: file)
    let environment = ["KUMIKI_DB": folder.path + "/kumiki.sqlite", "NO_COLOR": "1"]
    func app(_ server: FixtureServer) throws -> TmuxSession {
      try TmuxSession(
        command: tui + " --features profile --api " + server.baseURL.absoluteString, environment: environment)
    }
    var server = try await FixtureServer.start(.init(port: 0, databaseFile: file))
    do {
      let tmux = try app(server)
      _ = try await tmux.waitFor(text: "食いしん坊の編集者")
      try tmux.keys("End", "Up", "Enter")  // the last buttons are Edit profile, Refresh
      _ = try await tmux.waitFor(text: "Self-introduction:")
      try tmux.keys("Enter", "C-u")  // edit the nickname field (focused first) and clear it
      let invalid = try await tmux.waitFor(text: "Nickname is required")
      #expect(invalid.contains("[ Save ]"))  // there, but disabled
      try tmux.type("カレー部長")
      try await tmux.waitFor("the message gone") { !$0.contains("Nickname is required") && $0.contains("カレー部長") }
      try tmux.keys("Down", "Down", "Enter")  // leave the field, past the introduction, to Save
      try await tmux.waitFor("the form closed") {
        !$0.contains("Self-introduction:") && $0.contains("< Edit profile >")
      }
      try tmux.keys("q")
      _ = try await tmux.waitFor(text: "[exit 0]")
    }
    await server.shutdown()
    #expect(try String(contentsOf: file, encoding: .utf8).contains("カレー部長"))  // saved to the file
    // A new server on the same file, and a new app: the nickname was saved by the server, not kept by the app.
    server = try await FixtureServer.start(.init(port: 0, databaseFile: file))
    do {
      let tmux = try app(server)
      let profile = try await tmux.waitFor(text: "カレー部長")
      #expect(!profile.contains("食いしん坊の編集者"))
      try tmux.keys("q")
      _ = try await tmux.waitFor(text: "[exit 0]")
    }
    await server.shutdown()
  }

  /// Issue 26, item 1: once the focus reached Edit profile, Home, PgUp and k never brought the Personal section back.
  @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
  func profileScrollsBackToItsFirstLine() async throws {
    let folder = try TemporaryFolder()
    let tmux = try TmuxSession(
      command: tui + " --features profile", environment: ["KUMIKI_DB": folder.path + "/k.sqlite", "NO_COLOR": "1"])
    _ = try await tmux.waitFor(text: "食いしん坊の編集者")
    try tmux.keys("End", "Up")
    try await tmux.waitFor("Edit profile focused, Personal out of view") {
      $0.contains("< Edit profile >") && !$0.contains("-- Personal")
    }
    try tmux.keys("Home")
    try await tmux.waitFor("the first line again") { $0.contains("-- Personal") && $0.contains("Nickname") }
    try tmux.keys("End")
    try await tmux.waitFor("the end again") { !$0.contains("-- Personal") }
    for _ in 0..<40 { try tmux.keys("k") }
    try await tmux.waitFor("k to the first line") { $0.contains("-- Personal") }
    try tmux.keys("PageDown")
    try await tmux.waitFor("a page down") { !$0.contains("-- Personal") }
    try tmux.keys("PageUp")
    try await tmux.waitFor("a page up") { $0.contains("-- Personal") }
    try tmux.keys("q")
    _ = try await tmux.waitFor(text: "[exit 0]")
  }

  /// Issue 26, item 7 (and 12's questions): Tab switched the tab behind the Edit profile form; Esc dropped edits
  /// silently. Another feature's tab is mounted beside Profile so that a digit reaching the tab bar would show.
  @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
  func theProfileFormIsModal() async throws {
    let folder = try TemporaryFolder()
    let (features, profile, other) = try await profileAndAnotherTab()
    let tmux = try TmuxSession(
      command: tui + " --features " + features,
      environment: ["KUMIKI_DB": folder.path + "/k.sqlite", "NO_COLOR": "1"])
    try await tmux.waitFor("the tab bar") { $0.contains("\(profile) Profile") }
    try tmux.keys(profile)
    _ = try await tmux.waitFor(text: "食いしん坊の編集者")
    try tmux.keys("End", "Up", "Enter")
    _ = try await tmux.waitFor(text: "Self-introduction:")
    try tmux.keys("Tab", "Tab", other)  // inside the form; digits don't reach the tabs either
    try await tmux.waitFor("the form still open on Profile") {
      $0.contains("Self-introduction:") && $0.contains("< Save >")
    }
    try tmux.keys("Tab", "Tab")  // Cancel, then round to the nickname
    try tmux.type("q")  // text in the focused field
    _ = try await tmux.waitFor(text: "食いしん坊の編集者q")
    try tmux.keys("Tab", "Escape")  // leave the field, then close the form: asks
    _ = try await tmux.waitFor(text: "Discard your changes?")
    try tmux.keys("n")
    try await tmux.waitFor("still editing") {
      !$0.contains("Discard your changes?") && $0.contains("Self-introduction:")
    }
    try tmux.keys("Tab", "q")  // on Save: q closes the form as Esc does (issue 35), asking first
    _ = try await tmux.waitFor(text: "Discard your changes?")
    try tmux.keys("Enter")  // the question opens on its safe choice: Enter keeps editing
    try await tmux.waitFor("still editing, not quit") {
      !$0.contains("Discard your changes?") && $0.contains("Self-introduction:")
    }
    try tmux.keys("Escape")
    _ = try await tmux.waitFor(text: "Discard your changes?")
    try tmux.keys("y")
    try await tmux.waitFor("the form closed") {
      !$0.contains("Self-introduction:") && $0.contains("< Edit profile >")
    }
    try tmux.keys("Home")
    try await tmux.waitFor("nothing saved") { $0.contains("食いしん坊の編集者") && !$0.contains("食いしん坊の編集者q") }
    try tmux.keys("q")
    _ = try await tmux.waitFor(text: "[exit 0]")
  }

  /// `kumiki profile edit` said "Profile updated." and the next `kumiki profile` showed the old nickname: the
  /// embedded API ran without `--db`. Its data now lives in `kumiki-api.json` beside the database, private, until
  /// `kumiki fixtures reset`.
  @Test func editsOnTheEmbeddedAPISurviveRestartsUntilFixturesReset() async throws {
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

    let reset = try await kumiki(["fixtures", "reset", "--yes"], folder: folder)
    #expect(reset.status == 0, "\(reset.stderr)")
    #expect(reset.stdout.contains(file))
    let sample = try await kumiki(["--fresh", "profile", "--json"], folder: folder)
    #expect(sample.stdout.contains("\"nickname\":\"食いしん坊の編集者\""))
  }

  /// An app started while another app's embedded API serves the same data file joins that server (two servers on
  /// one file would lose writes): a profile edit lands in the file the owner serves. `fixtures reset` is refused
  /// while it runs. The owner runs as an app runs it, with the run token the app proves (issue 34).
  @Test func anEditFromASecondAppGoesThroughTheRunningEmbeddedAPI() async throws {
    let folder = try TemporaryFolder()
    let owner = Process()
    owner.executableURL = URL(fileURLWithPath: BuiltBinary.path("kumiki-api"))
    owner.arguments = [
      "--port", "0", "--exit-on-eof", "--db", folder.path + "/kumiki-api.json", "--create-db", "--token-file",
      folder.path + "/.kumiki-api.json.token",
    ]
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

    let reset = try await kumiki(["fixtures", "reset", "--yes"], folder: folder)
    #expect(reset.status == 1)
    #expect(reset.stderr.contains("already served"), "\(reset.stderr)")
  }

  /// A kumiki-api serving the data file without a run token (started by hand, without `--token-file`) cannot prove
  /// it is the server an app should use (issue 34): the app does not join it, says why, and changes nothing.
  @Test func aServerWithoutTheRunTokenIsNotJoined() async throws {
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
    var banner = Data()
    while !banner.contains(UInt8(ascii: "\n")) { banner += output.fileHandleForReading.availableData }
    let before = try String(contentsOfFile: folder.path + "/kumiki-api.json", encoding: .utf8)

    let edit = try await kumiki(["profile", "edit", "--nickname", "相席"], folder: folder)
    #expect(edit.status == 1)
    #expect(edit.stderr.contains("gave no run token"), "\(edit.stderr)")
    #expect(edit.stderr.contains("--api http://127.0.0.1:"), "\(edit.stderr)")
    #expect(try String(contentsOfFile: folder.path + "/kumiki-api.json", encoding: .utf8) == before)
  }
}
