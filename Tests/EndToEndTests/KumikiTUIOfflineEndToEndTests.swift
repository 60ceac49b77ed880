import CompositionRootTesting
import FixtureServer
import Foundation
import Testing

/// The real `kumiki-tui` in tmux against a fixture server that goes away: the next start shows every tab's last
/// content from the response cache, marked offline, and the status bar says so. The tabs are the registry's (every
/// feature with a screen); those that read the API on appearing are checked offline.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
struct KumikiTUIOfflineEndToEndTests {
  let binary = BuiltBinary.path("kumiki-tui")

  @Test func afterTheServerStopsEveryTabShowsItsLastContentMarkedOffline() async throws {
    let screens = try await CommandCatalog.tabs()
    let folder = try TemporaryFolder()
    let log = ServerLog()
    let server = try await FixtureServer.start(.init(port: 0, requestLog: { log.append($0) }))
    let command =
      binary + " --features " + screens.map(\.key).joined(separator: ",") + " --api " + server.baseURL.absoluteString
    let started = Date()
    // Each tab that sent requests when it appeared, and a few lines of its loaded content (from its top half, so
    // an offline note above them cannot push them off the screen).
    var loaded: [(index: Int, lines: [String])] = []
    do {
      let tmux = try TmuxSession(command: command, environment: ["KUMIKI_DB": folder.path + "/kumiki.sqlite"])
      var before = 0  // the first tab loads at start
      for index in screens.indices {
        let screen = try await tmux.open(tab: index, of: screens)
        #expect(!screen.contains("offline"), "\(screens[index].key):\n\(screen)")
        let sent = log.lines.count - before
        before = log.lines.count
        guard sent > 0 else { continue }
        let body = TUIScreenText.body(screen)
        let lines = Array(body.prefix(body.count / 2).filter { $0.count >= 4 }.suffix(3))
        #expect(!lines.isEmpty, "\(screens[index].key) shows nothing:\n\(screen)")
        loaded.append((index, lines))
      }
      try await tmux.quit()
    }
    let finished = Date()
    await server.shutdown()
    #expect(!loaded.isEmpty, "no tab read the API: \(screens.map(\.key))")

    // The same API, now unreachable; every read revalidates (max-age 0), so every refresh fails.
    let tmux = try TmuxSession(
      command: command,
      environment: ["KUMIKI_DB": folder.path + "/kumiki.sqlite", "KUMIKI_CACHE_MAX_AGE": "0"])
    try await tmux.waitFor("the tab bar: the app reads keys now") {
      TUIScreenText.selectedTab($0) == "1 \(screens[0].title)"
    }
    let notes = Self.asOf(from: started, to: finished).map { "offline - as of \($0)" }
    for (index, lines) in loaded {
      let key = screens[index].key
      try tmux.keys(String(index + 1))
      let screen = try await tmux.waitFor("\(key) shown offline") { screen in
        TUIScreenText.selectedTab(screen) == "\(index + 1) \(screens[index].title)"
          && lines.allSatisfy(screen.contains) && notes.contains(where: screen.contains)
          && TUIScreenText.statusBar(screen).hasPrefix(" offline ")
      }
      #expect(screen.contains("Retry"), "\(key):\n\(screen)")
    }
    try await tmux.quit()

    // The server is back on the same port: the next start is online again.
    let restarted = try await FixtureServer.start(.init(port: server.port))
    defer { Task { await restarted.shutdown() } }
    let again = try TmuxSession(
      command: command,
      environment: ["KUMIKI_DB": folder.path + "/kumiki.sqlite", "KUMIKI_CACHE_MAX_AGE": "0"])
    let first = try #require(loaded.first)
    try again.keys(String(first.index + 1))
    try await again.waitFor("\(screens[first.index].key), online again") { screen in
      TUIScreenText.selectedTab(screen) == "\(first.index + 1) \(screens[first.index].title)"
        && first.lines.allSatisfy(screen.contains) && !screen.contains("offline") && !screen.contains("stale")
        && TUIScreenText.statusBar(screen).hasPrefix(" ready ")
    }
    try await again.quit()
  }

  /// How the offline note dates data fetched between `start` and `end`: `HH:mm` today, else `yyyy/MM/dd HH:mm`.
  static func asOf(from start: Date, to end: Date) -> Set<String> {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    var times: Set<String> = []
    for date in stride(from: start.timeIntervalSince1970, through: end.timeIntervalSince1970 + 60, by: 60) {
      let date = Date(timeIntervalSince1970: min(date, end.timeIntervalSince1970))
      formatter.dateFormat = Calendar.current.isDateInToday(date) ? "HH:mm" : "yyyy/MM/dd HH:mm"
      times.insert(formatter.string(from: date))
    }
    return times
  }
}
