import FixtureServer
import Foundation
import Testing

/// The real `kumiki-tui` in tmux against a fixture server that goes away: the next start shows every tab's last
/// content from the response cache, marked offline, and the status bar says so.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
struct KumikiTUIOfflineEndToEndTests {
  let binary = BuiltBinary.path("kumiki-tui")

  /// Each tab: its key, and what its content shows.
  static let tabs: [(key: String, name: String, shows: [String])] = [
    ("1", "Home", ["Campaigns", "春の食材フェア開催中"]),
    ("2", "Archive", ["36 results", "鯛めし"]),
    ("3", "カレー", ["Only カレー", " 6 results", "特製ビーフカレー"]),
    ("4", "Scenes", ["Favorite Scenes", "雨の日のうどん"]),
    ("5", "Profile", ["食いしん坊の編集者"]),
  ]

  @Test func afterTheServerStopsEveryTabShowsItsLastContentMarkedOffline() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    let command = binary + " --api " + server.baseURL.absoluteString
    let started = Date()
    do {
      let tmux = try TmuxSession(command: command, environment: ["KUMIKI_DB": folder.path + "/kumiki.sqlite"])
      _ = try await tmux.waitFor(text: "Welcome to Kumiki")
      try tmux.keys("Escape")  // dismiss onboarding (then wait: Escape and the next key at once would read as Alt-1)
      try await tmux.waitFor("onboarding dismissed") { !$0.contains("Welcome to Kumiki") && $0.contains("Campaigns") }
      for tab in Self.tabs {
        try tmux.keys(tab.key)
        let screen = try await tmux.waitFor("\(tab.name) loaded") { screen in
          tab.shows.allSatisfy(screen.contains) && Self.statusBar(screen).hasPrefix(" ready ")
        }
        #expect(!screen.contains("offline"), "\(tab.name):\n\(screen)")
        #expect(!screen.contains("Welcome to Kumiki"), "\(tab.name):\n\(screen)")
      }
      try tmux.keys("q")
      _ = try await tmux.waitFor(text: "[exit 0]")
    }
    let finished = Date()
    await server.shutdown()

    // The same API, now unreachable; every read revalidates (max-age 0), so every refresh fails.
    let tmux = try TmuxSession(
      command: command,
      environment: ["KUMIKI_DB": folder.path + "/kumiki.sqlite", "KUMIKI_CACHE_MAX_AGE": "0"])
    _ = try await tmux.waitFor(text: "5 Profile")  // the tab bar: the app reads keys now
    let notes = Self.asOf(from: started, to: finished).map { "offline · as of \($0)" }
    for tab in Self.tabs {
      try tmux.keys(tab.key)
      let screen = try await tmux.waitFor("\(tab.name) shown offline") { screen in
        tab.shows.allSatisfy(screen.contains) && notes.contains(where: screen.contains)
          && Self.statusBar(screen).hasPrefix(" offline ")
      }
      #expect(screen.contains("Retry"), "\(tab.name):\n\(screen)")
      #expect(!screen.contains("Welcome to Kumiki"), "\(tab.name):\n\(screen)")
    }
    try tmux.keys("q")
    _ = try await tmux.waitFor(text: "[exit 0]")

    // The server is back on the same port: the next start is online again.
    let restarted = try await FixtureServer.start(.init(port: server.port))
    defer { Task { await restarted.shutdown() } }
    let again = try TmuxSession(
      command: command,
      environment: ["KUMIKI_DB": folder.path + "/kumiki.sqlite", "KUMIKI_CACHE_MAX_AGE": "0"])
    try await again.waitFor("Home, online again") { screen in
      screen.contains("Campaigns") && !screen.contains("offline") && !screen.contains("stale")
        && Self.statusBar(screen).hasPrefix(" ready ")
    }
    try again.keys("q")
    _ = try await again.waitFor(text: "[exit 0]")
  }

  /// The screen's last non-empty line: the status bar.
  static func statusBar(_ screen: String) -> String {
    screen.split(separator: "\n").last.map(String.init) ?? ""
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
