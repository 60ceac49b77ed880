import CompositionRootTesting
import Foundation
import Testing

/// The playground end to end (`make run FEATURE=X SCENARIO=… APP=kumiki` runs `kumiki-playground run`): the built
/// `kumiki-playground` lists a feature's scenarios and starts `kumiki` with that feature alone on `kumiki-api` under
/// the scenario. Features are found as their folders (`Modules/Features/*/feature.json`), never named.
@Suite(.timeLimit(.minutes(3)))
struct KumikiPlaygroundEndToEndTests {
  /// The checkout this suite was built from.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// The feature folders, by name.
  static func featureFolders() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: root + "/Modules/Features").sorted().filter {
      FileManager.default.fileExists(atPath: root + "/Modules/Features/\($0)/feature.json")
    }
  }

  func playground(_ arguments: [String], root: String = Self.root) async throws -> CommandResult {
    // --root before a `--`, after which everything is the app's.
    try await CommandResult.launch(
      BuiltBinary.path("kumiki-playground"), Array(arguments.prefix(1)) + ["--root", root] + arguments.dropFirst())
  }

  @Test func listsTheStandardScenariosAndEachFeaturesOwn() async throws {
    let folders = try Self.featureFolders()
    #expect(!folders.isEmpty)
    var own = 0
    for folder in folders {
      let result = try await playground(["list", "--feature", folder])
      #expect(result.status == 0, "\(result.stderr)")
      let names = result.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: " ").first ?? "" }
      #expect(names.prefix(6) == ["fresh", "offline", "cold-offline", "slow", "failing", "empty"], "\(result.stdout)")
      let files =
        (try? FileManager.default.contentsOfDirectory(atPath: Self.root + "/Modules/Features/\(folder)/scenarios"))
        ?? []
      #expect(names.count == 6 + files.count)
      for file in files {
        #expect(result.stdout.contains("(Modules/Features/\(folder)/scenarios/\(file))"), "\(result.stdout)")
      }
      own += files.count
    }
    #expect(own > 0, "no shipped feature has a scenario of its own")
  }

  @Test func startsTheAppWithTheFeatureAlone() async throws {
    let folders = try Self.featureFolders()
    let all = try await CommandCatalog.featureKeys(BuiltBinary.path("kumiki"))
    var seen: [String] = []
    for folder in folders {
      let result = try await playground(["run", "--feature", folder, "--app", "kumiki", "--", "features", "--json"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.contains("kumiki-playground: \(folder) ("), "\(result.stderr)")
      let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      let keys = (object?["features"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
      #expect(!keys.isEmpty && keys.count < all.count, "\(folder): \(keys)")
      seen += keys
    }
    #expect(Set(seen) == Set(all), "every mount belongs to one feature folder")
  }

  /// Issue 35: `make run FEATURE=X` (kumiki-tui is the default app) exited 1 at the first key, the keys going to the
  /// shell: the app was started in a process group of its own, not the terminal's foreground group. Driven from an
  /// interactive shell (job control on, as in a terminal): a key changes the screen, Ctrl-Z stops the job and `fg`
  /// brings the TUI back, Ctrl-C quits it, and the shell is back with no `kumiki-api` left.
  @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make bootstrap)"))
  func runsTheTUIInTheForeground() async throws {
    // The first feature folder whose mounts have a screen, and its first tab's label.
    var chosen: (folder: String, firstTab: String)?
    for folder in try Self.featureFolders() where chosen == nil {
      let listed = try await playground(["run", "--feature", folder, "--app", "kumiki", "--", "features", "--json"])
      let object = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
      let screens = (object?["features"] as? [[String: Any]] ?? []).filter { $0["screen"] as? Bool == true }
      if let title = screens.first?["title"] as? String { chosen = (folder, "1 " + title) }
    }
    let (folder, firstTab) = try #require(chosen, "no feature folder has a screen")

    let tmux = try TmuxSession(
      command: "exec bash --norc --noprofile -i", environment: ["PS1": "shell$ ", "NO_COLOR": "1"])
    try await tmux.waitFor("the shell's prompt", Self.prompting)
    let command = [BuiltBinary.path("kumiki-playground"), "run", "--root", Self.root, "--feature", folder]
    try tmux.type(command.map(TmuxSession.quote).joined(separator: " "))
    try tmux.keys("Enter")
    try await tmux.waitFor("the feature's tab, settled") {
      TUIScreenText.selectedTab($0) == firstTab && TUIScreenText.statusBar($0).hasPrefix(" ready ")
    }
    let playground = try #require(try Self.children(of: tmux.panePID()).first, "the shell runs the playground")
    let api = try Self.children(of: playground).filter { Self.commandLine($0).contains("kumiki-api") }
    #expect(api.count == 1, "the playground runs one kumiki-api")

    try tmux.keys("?")
    _ = try await tmux.waitFor(text: "Keys: this screen")
    try tmux.keys("Escape")
    try await tmux.waitFor("help closed") {
      !$0.contains("Keys: this screen") && TUIScreenText.selectedTab($0) == firstTab
    }

    // Suspended and resumed a few times: each `fg` brings the whole frame back (the TUI once stopped a second time
    // after SIGCONT, blank: TerminalSessionTests' "suspend stops once").
    for round in 1...3 {
      try tmux.keys("C-z")
      try await tmux.waitFor("the job stopped (\(round)), the shell's prompt") {
        $0.components(separatedBy: "Stopped").count - 1 == round && Self.prompting($0)
      }
      try tmux.type("fg")
      try tmux.keys("Enter")
      try await tmux.waitFor("the TUI back after fg (\(round))") {
        TUIScreenText.selectedTab($0) == firstTab && TUIScreenText.statusBar($0).hasPrefix(" ready ")
          && !$0.contains("Stopped")
      }
    }
    try tmux.keys("?")
    _ = try await tmux.waitFor(text: "Keys: this screen")

    try tmux.keys("C-c")
    try await tmux.waitFor("the shell's prompt") { Self.prompting($0) && !$0.contains("Keys: this screen") }
    try tmux.type("echo \"[status $?]\"")
    try tmux.keys("Enter")
    _ = try await tmux.waitFor(text: "[status 0]")
    for pid in api {
      #expect(!Self.commandLine(pid).contains("kumiki-api"), "kumiki-api \(pid) outlived the playground")
    }
  }

  /// Whether the shell waits for a command: its prompt is the last line shown.
  static func prompting(_ screen: String) -> Bool {
    screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?
      .trimmingCharacters(in: .whitespaces) == "shell$"
  }

  /// The processes whose parent is `pid` (from `/proc/*/stat`).
  static func children(of pid: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { child in
      guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
        let close = stat.range(of: ")", options: .backwards)
      else { return false }
      // `pid (comm) state ppid …`: the name may hold spaces and parentheses, the fields after its last `)` do not.
      let fields = stat[close.upperBound...].split(separator: " ")
      return fields.count > 1 && Int32(fields[1]) == pid
    }.sorted()
  }

  /// The command line of `pid`, its arguments joined by spaces (empty once it has ended).
  static func commandLine(_ pid: Int32) -> String {
    let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
    return String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
  }

  /// A command of some feature that reads the API (its `--json` says where the data came from), run in the
  /// scenarios whose outcome a command shows: the data, a failure, cached data offline, no data offline.
  @Test func runsACommandInEachScenario() async throws {
    let kumiki = BuiltBinary.path("kumiki")
    let catalog = try await CommandCatalog.load(kumiki)
    var checked = false
    for folder in try Self.featureFolders() where !checked {
      for command in catalog.commands where command.positionals.isEmpty && !checked {
        let arguments = ["run", "--feature", folder, "--app", "kumiki", "--"] + command.words + ["--json"]
        let fresh = try await playground(arguments)
        // Not this feature's command (the app has only the feature's mounts), or one that does not read the API.
        guard fresh.status == 0, origin(fresh.stdout) == "network" else { continue }
        checked = true
        let name = (command.words + ["--json"]).joined(separator: " ")

        let failing = try await playground(scenario("failing", arguments))
        #expect(failing.status == 1, "\(name) failing: \(failing.stderr)")
        #expect(failing.stderr.contains("500"), "\(name) failing: \(failing.stderr)")

        let offline = try await playground(scenario("offline", arguments))
        #expect(offline.status == 0, "\(name) offline: \(offline.stderr)")
        #expect(origin(offline.stdout) == "offline", "\(name) offline: \(offline.stdout)")
        #expect(offline.stderr.contains("kumiki: offline — showing data from"), "\(name) offline: \(offline.stderr)")

        let cold = try await playground(scenario("cold-offline", arguments))
        #expect(cold.status == 1, "\(name) cold-offline: \(cold.stdout) \(cold.stderr)")
        #expect(cold.stderr.contains("(down)"))

        let clock = ContinuousClock()
        let started = clock.now
        let slow = try await playground(scenario("slow", arguments))
        #expect(slow.status == 0)
        #expect(clock.now - started >= .seconds(2), "\(name) slow answered early")
      }
    }
    #expect(checked, "no feature has a command that reads the API")
  }

  /// Where a command's `--json` says its data came from (`network`, `offline`…), or `nil`.
  func origin(_ output: String) -> String? {
    let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    return object?["origin"] as? String
  }

  /// `arguments` (a `run …`) with `--scenario name` before the app's arguments.
  func scenario(_ name: String, _ arguments: [String]) -> [String] {
    Array(arguments.prefix(1)) + ["--scenario", name] + arguments.dropFirst()
  }

  @Test func refusesWhatCannotRunSayingWhy() async throws {
    let folder = try #require(try Self.featureFolders().first)
    let unknown = try await playground(["run", "--feature", folder, "--scenario", "nope", "--app", "kumiki"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("no scenario named 'nope' (there are: fresh, offline, cold-offline"))

    let noFeature = try await playground(["list", "--feature", "NoSuchFeature"])
    #expect(noFeature.status == 64)
    #expect(noFeature.stderr.contains("Modules/Features/NoSuchFeature is not a feature folder"))

    let badName = try await playground(["list", "--feature", "../x"])
    #expect(badName.status == 64)

    let badApp = try await playground(["run", "--feature", folder, "--app", "kumiki-api"])
    #expect(badApp.status == 64)

    // A checkout whose feature has a bad scenario file: refused naming the file, nothing run.
    let root = try TemporaryFolder()
    let feature = root.path + "/Modules/Features/\(folder)"
    try FileManager.default.createDirectory(atPath: feature + "/scenarios", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: Self.root + "/Modules/Features/\(folder)/feature.json", toPath: feature + "/feature.json")
    try Data(#"{"description": "d", "api": {"latency": "slow"}}"#.utf8).write(
      to: URL(fileURLWithPath: feature + "/scenarios/bad.json"))
    let bad = try await playground(
      ["run", "--feature", folder, "--scenario", "bad", "--app", "kumiki"], root: root.path)
    #expect(bad.status == 65)
    #expect(bad.stderr.contains("Modules/Features/\(folder)/scenarios/bad.json: \"api.latency\""), "\(bad.stderr)")
  }

  /// Issue 34: a resource named `-x` in a scenario file reached kumiki-api as an option, which failed with its
  /// multi-line usage; a bad name on the command line was followed by the playground's own usage text. Each is now
  /// one line: 65 for the file, 64 for the command line.
  @Test func aBadNameIsOneLine() async throws {
    let folder = try #require(try Self.featureFolders().first)
    let root = try TemporaryFolder()
    let feature = root.path + "/Modules/Features/\(folder)"
    try FileManager.default.createDirectory(atPath: feature + "/scenarios", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: Self.root + "/Modules/Features/\(folder)/feature.json", toPath: feature + "/feature.json")
    try Data(#"{"description": "d", "api": {"empty": ["-x"]}}"#.utf8).write(
      to: URL(fileURLWithPath: feature + "/scenarios/dash.json"))
    let file = try await playground(
      ["run", "--feature", folder, "--scenario", "dash", "--app", "kumiki", "--", "features"], root: root.path)
    #expect(file.status == 65)
    #expect(
      file.stderr.hasSuffix(
        "\"-x\", which is not a resource name (ASCII letters, digits, _ and -, not starting with -)\n"))
    #expect(file.stderr.split(separator: "\n").count == 1, "\(file.stderr)")

    for arguments in [
      ["run", "--feature", folder, "--scenario", "-x", "--app", "kumiki"],
      ["run", "--feature", folder, "--scenario", "--help", "--app", "kumiki"],
      ["list", "--feature", "-x"],
      ["run", "--feature", folder, "--app", "-x"],
      ["run", "--feature", folder, "--bogus", "x"],
    ] {
      let result = try await playground(arguments)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.hasPrefix("kumiki-playground: "), "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }
}
