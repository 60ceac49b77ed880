import CompositionRootTesting
import Foundation
import Testing

/// Onboarding in the built `kumiki-tui`, in a real terminal (tmux), on a real database: Enter goes through its
/// pages to the end, and once closed it stays closed at the next start. An overlay shows over a tab, so the app runs
/// with onboarding and the first feature with a tab (whichever it is).
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
struct OnboardingTUIEndToEndTests {
  /// `kumiki-tui --features onboarding,<the first tab's key>`.
  func command() async throws -> String {
    let tab = try #require(try await CommandCatalog.tabs().first { $0.key != "onboarding" })
    return BuiltBinary.path("kumiki-tui") + " --features onboarding," + tab.key
  }

  /// Waits until nothing loads and the screen has stayed the same for three captures in a row.
  func settled(_ tmux: TmuxSession) async throws -> String {
    var last = ""
    var same = 0
    return try await tmux.waitFor("settled") { screen in
      let lastLine = screen.split(separator: "\n").last.map(String.init) ?? ""
      same = lastLine.hasPrefix(" ready ") && screen == last ? same + 1 : 0
      last = screen
      return same >= 2
    }
  }

  /// Issue 26, item 4: page 2 focused Back, so Enter flipped between pages 1 and 2 forever. And the next start,
  /// on the same database, shows no onboarding.
  @Test func enterGoesThroughOnboardingToTheEndAndItStaysClosed() async throws {
    let command = try await command()
    let folder = try TemporaryFolder()
    let environment = ["KUMIKI_DB": folder.path + "/k.sqlite", "NO_COLOR": "1"]
    do {
      let tmux = try TmuxSession(command: command, environment: environment)
      _ = try await tmux.waitFor(text: "Welcome to Kumiki")
      try tmux.keys("Enter")
      _ = try await tmux.waitFor(text: "Search the archive")
      try tmux.keys("Enter")
      _ = try await tmux.waitFor(text: "Make it yours")
      try tmux.keys("Enter")
      try await tmux.waitFor("onboarding done") { !$0.contains("Make it yours") && !$0.contains("Welcome to Kumiki") }
      try tmux.keys("q")
      _ = try await tmux.waitFor(text: "[exit 0]")
    }
    do {
      let tmux = try TmuxSession(command: command, environment: environment)
      let screen = try await settled(tmux)
      #expect(!screen.contains("Welcome to Kumiki"), "onboarding stays closed:\n\(screen)")
      try tmux.keys("q")
      _ = try await tmux.waitFor(text: "[exit 0]")
    }
  }

  /// Escape closes it at once, and it stays closed at the next start.
  @Test func escapeClosesOnboardingForGood() async throws {
    let command = try await command()
    let folder = try TemporaryFolder()
    let environment = ["KUMIKI_DB": folder.path + "/k.sqlite", "NO_COLOR": "1"]
    do {
      let tmux = try TmuxSession(command: command, environment: environment)
      _ = try await tmux.waitFor(text: "Welcome to Kumiki")
      try tmux.keys("Escape")
      try await tmux.waitFor("onboarding dismissed") { !$0.contains("Welcome to Kumiki") }
      try tmux.keys("q")
      _ = try await tmux.waitFor(text: "[exit 0]")
    }
    do {
      let tmux = try TmuxSession(command: command, environment: environment)
      let screen = try await settled(tmux)
      #expect(!screen.contains("Welcome to Kumiki"), "onboarding stays closed:\n\(screen)")
      try tmux.keys("q")
      _ = try await tmux.waitFor(text: "[exit 0]")
    }
  }
}
