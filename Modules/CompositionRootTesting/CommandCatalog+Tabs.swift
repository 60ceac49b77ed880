import Foundation

extension CommandCatalog {
  /// The features that are tabs in the built `kumiki-tui`, in tab order: the features with a screen, less those
  /// shown over the tabs (overlays), as the tab bar of a run with all of them shows them (`1 Title  2 Title …`).
  /// Start `kumiki-tui --features` with their keys to have tabs only, whatever the registry holds. Throws
  /// ``NoFeatureFits`` when no feature has a tab; needs tmux.
  public static func tabs() async throws -> [Feature] {
    let screens = try await features(BuiltBinary.path("kumiki")).filter(\.screen)
    let folder = try TemporaryFolder()
    // No API (nothing listens on port 9): only the tab bar is read, and no server is started for it.
    let command = [
      BuiltBinary.path("kumiki-tui"), "--features", screens.map(\.key).joined(separator: ","), "--api",
      "http://127.0.0.1:9", "--db", folder.path + "/tabs.sqlite",
    ].map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(command: command, width: 300, environment: ["NO_COLOR": "1"])
    let screen = try await tmux.waitFor("the tab bar, its selected tab underlined") { screen in
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      return lines.count > 1 && lines[0].hasPrefix(" 1 ") && lines[1].contains("=")
    }
    let bar = " " + (screen.split(separator: "\n").first.map(String.init) ?? "") + " "
    var tabs: [Feature] = []
    for feature in screens where tabs.count < 9 && bar.contains(" \(tabs.count + 1) \(feature.title) ") {
      tabs.append(feature)
    }
    guard !tabs.isEmpty else { throw NoFeatureFits("no registered feature has a tab: \(bar)") }
    return tabs
  }
}
