import Core
import FeatureKit
import FixtureServer
import Foundation
import Networking
import Presentation
import Testing

@testable import CompositionRoot

/// The composition root end to end: all five features on the real fixture server (over libcurl) and a real
/// SQLite file, as the apps run them.
@Suite(.timeLimit(.minutes(2))) struct LiveAppTests {
  @Test func everyFeatureLoadsFromTheEmbeddedServerAndStateSurvivesARestart() async throws {
    let folder = try TemporaryFolder()
    let options = LaunchOptions(databasePath: folder.path + "/kumiki.sqlite", environment: [:])

    let first = try await LiveApp.start(options)
    let runtime = first.runtime
    #expect(runtime.features.map(\.key) == ["onboarding", "home", "archive", "curry", "favorites", "profile"])
    #expect(
      runtime.features.filter { $0.placement == .tab }.map(\.title)
        == ["Home", "Archive", "カレー", "Favorite", "Profile"])

    // First launch: the onboarding overlay is up.
    let onboarding = try #require(runtime.features.first { $0.key == "onboarding" })
    let overlay = try await value(of: runtime) { state in
      runtime.view(slot: onboarding.slot, in: state).flatMap(\.firstOverlay)
    }
    // Every tab loads on appearance and shows content — no spinner, no error.
    for feature in runtime.features where feature.placement == .tab { runtime.appear(slot: feature.slot) }
    let loaded = try await value(of: runtime) { state -> [String]? in
      let views = runtime.features.filter { $0.placement == .tab }.compactMap { runtime.view(slot: $0.slot, in: state) }
      guard views.allSatisfy({ !$0.containsSpinner && $0.firstErrorMessage == nil }) else { return nil }
      return views.flatMap(\.plainText)
    }
    let text = loaded.joined(separator: "\n")
    #expect(text.contains("春の食材フェア開催中🌸"))  // first campaign banner (Home)
    #expect(text.contains("鯛めし"))  // first archive item (Archive)
    #expect(text.contains("食いしん坊の編集者"))  // the profile's nickname (Profile)

    // Close onboarding; save an archive item through its command, as `kumiki archive save 6` does.
    let dismiss = try #require(overlay.dismiss)
    runtime.store.dispatch(dismiss)
    let save = try #require(runtime.commands.first { $0.words == ["archive", "save"] })
    for action in try save.actions(CommandInput(values: ["id": "6"])) { runtime.store.dispatch(action) }
    let saved = try await value(of: runtime) { state -> String? in
      guard
        case .success(let view, _) = runtime.commands.first(where: { $0.words == ["archive", "saved"] })!
          .output(state, CommandInput())
      else { return nil }
      let lines = view.plainText.joined(separator: "\n")
      return lines.contains("特製ビーフカレー") ? lines : nil
    }
    #expect(saved.contains("特製ビーフカレー"))
    await first.shutdown()

    // Second run on the same database: onboarding stays closed, the item is still saved.
    let second = try await LiveApp.start(options)
    let again = second.runtime
    let onboardingAgain = try #require(again.features.first { $0.key == "onboarding" })
    let status = try #require(again.commands.first { $0.words == ["onboarding", "status"] })
    let completed = try await value(of: again) { state -> Bool? in
      guard case .success(_, let json) = status.output(state, CommandInput()), json == .object([("completed", true)])
      else { return nil }
      return true
    }
    #expect(completed)
    #expect(again.view(slot: onboardingAgain.slot).flatMap(\.firstOverlay) == nil)
    let list = try #require(again.commands.first { $0.words == ["archive", "saved"] })
    for action in try list.actions(CommandInput()) { again.store.dispatch(action) }
    await again.store.settled()
    guard case .success(let view, _) = list.output(again.store.state, CommandInput()) else {
      Issue.record("archive saved failed after restart")
      return
    }
    #expect(view.plainText.joined().contains("特製ビーフカレー"))
    await second.shutdown()
  }

  @Test func theCurryMountListsOnlyCurryAndSharesSavedItemsWithArchive() async throws {
    let folder = try TemporaryFolder()
    let live = try await LiveApp.start(LaunchOptions(databasePath: folder.path + "/kumiki.sqlite", environment: [:]))
    let runtime = live.runtime
    let curry = try #require(runtime.features.first { $0.key == "curry" })
    let archive = try #require(runtime.features.first { $0.key == "archive" })

    // `kumiki curry search`: only カレー items, even with no conditions.
    let output = try await run(["curry", "search"], on: runtime)
    guard case .success(_, .object(let fields)) = output,
      case .array(let items)? = fields.first(where: { $0.0 == "items" })?.1
    else {
      Issue.record("curry search failed: \(output)")
      return
    }
    #expect(items.count == 6)
    #expect(items.allSatisfy { $0.text.contains(#""category":"カレー""#) })
    // A category the mount is not fixed to is refused, with the reason.
    guard case .failure(let reason) = try await run(["curry", "search"], ["category": "和食"], on: runtime) else {
      Issue.record("curry search --category 和食 should fail")
      return
    }
    #expect(reason.contains("only カレー"))

    // Both screens visible (each observes the saved items from now on, so the store no longer settles); a heart
    // set on the Archive tab shows on the カレー tab, through the database.
    runtime.appear(slot: curry.slot)
    runtime.appear(slot: archive.slot)
    let save = try #require(runtime.commands.first { $0.words == ["archive", "save"] })
    for action in try save.actions(CommandInput(values: ["id": "6"])) { runtime.store.dispatch(action) }
    let curryScreen = try await value(of: runtime) { state -> [String]? in
      guard let text = runtime.view(slot: curry.slot, in: state)?.plainText,
        text.contains(where: { $0.contains("Saved (1)") })
      else { return nil }
      return text
    }
    #expect(curryScreen.contains { $0.contains("Only カレー") })
    await live.shutdown()
  }

  @Test func archiveRemembersItsSearchAcrossRuns() async throws {
    let folder = try TemporaryFolder()
    let options = LaunchOptions(databasePath: folder.path + "/kumiki.sqlite", environment: [:])
    let first = try await LiveApp.start(options)
    _ = try await run(["archive", "search"], ["keyword": "鯛", "category": "和食"], on: first.runtime)
    await first.shutdown()

    let second = try await LiveApp.start(options)
    let again = try await run(["archive", "search"], flags: ["last"], on: second.runtime)
    guard case .success(let view, let json) = again else {
      Issue.record("archive search --last failed: \(again)")
      return
    }
    #expect(json.text.contains("鯛めし"))
    #expect(!json.text.contains(#""category":"洋食""#))
    #expect(view.plainText.joined().contains("鯛めし"))
    await second.shutdown()

    // The TUI opens where it was left: the keyword field holds the remembered keyword.
    let third = try await LiveApp.start(options)
    let archive = try #require(third.runtime.features.first { $0.key == "archive" })
    let screen = try #require(third.runtime.view(slot: archive.slot)?.plainText)
    let field = try #require(screen.firstIndex(of: "Keyword"))
    #expect(screen[field + 1] == "鯛")
    await third.shutdown()
  }

  /// Runs a command as the CLI does: its actions, then its output once the store settled.
  func run(
    _ words: [String], _ values: [String: String] = [:], flags: Set<String> = [], on runtime: AppRuntime
  ) async throws -> CommandOutput {
    let command = try #require(runtime.commands.first { $0.words == words })
    let input = CommandInput(values: values, flags: flags)
    for action in try command.actions(input) { runtime.store.dispatch(action) }
    await runtime.store.settled()
    return command.output(runtime.store.state, input)
  }

  @Test func serverErrorsBecomeErrorStatesNotCrashes() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    server.setFaults([.status(500)], for: .endpoint("recent_news"))
    let live = try await LiveApp.start(
      LaunchOptions(apiURL: server.baseURL, databasePath: folder.path + "/kumiki.sqlite", environment: [:]))
    let home = try #require(live.runtime.features.first { $0.key == "home" })
    live.runtime.appear(slot: home.slot)
    let message = try await value(of: live.runtime) { state in
      live.runtime.view(slot: home.slot, in: state)?.firstErrorMessage
    }
    #expect(message.contains("500"))
    await live.shutdown()
    await server.shutdown()
  }

  @Test func badOptionsAreClearErrors() async throws {
    #expect(throws: LaunchError.invalidAPIURL("ftp://example")) { try LaunchOptions.apiURL("ftp://example") }
    let folder = try TemporaryFolder()
    let notADirectory = folder.path + "/file"
    try Data("x".utf8).write(to: URL(fileURLWithPath: notADirectory))
    await #expect(throws: LaunchError.self) {
      _ = try await LiveApp.start(LaunchOptions(databasePath: notADirectory + "/kumiki.sqlite", environment: [:]))
    }
    await #expect(
      throws: LaunchError.features(
        "unknown feature 'nope'; available: onboarding, home, archive, curry, favorites, profile")
    ) {
      _ = try await LiveApp.start(
        LaunchOptions(databasePath: folder.path + "/k.sqlite", features: ["nope"], environment: [:]))
    }
  }

  /// Numbers from the environment are bounded: a huge or non-finite value is a usage error naming the range, never
  /// a trap (`KUMIKI_TIMEOUT=1e16` crashed with SIGILL).
  @Test(arguments: [
    ("KUMIKI_TIMEOUT", "1e16"), ("KUMIKI_TIMEOUT", "1e300"), ("KUMIKI_TIMEOUT", "1e400"), ("KUMIKI_TIMEOUT", "0"),
    ("KUMIKI_TIMEOUT", "nan"), ("KUMIKI_CACHE_MAX_AGE", "1e16"), ("KUMIKI_CACHE_MAX_AGE", "-1"),
    ("KUMIKI_CACHE_MAX_AGE", "inf"),
  ])
  func hugeEnvironmentNumbersAreUsageErrors(name: String, value: String) async throws {
    let folder = try TemporaryFolder()
    do {
      _ = try await LiveApp.start(
        LaunchOptions(
          apiURL: URL(string: "http://127.0.0.1:9"), databasePath: folder.path + "/k.sqlite",
          environment: [name: value]))
      Issue.record("expected a launch error")
    } catch let error as LaunchError {
      #expect(error.isUsage)
      #expect(error.description.hasPrefix("invalid \(name) '\(value)': expected"))
    }
  }

  /// `KUMIKI_CACHE` naming the database (or a link to it) is refused before anything opens the file.
  @Test func aCacheNamingTheDatabaseIsAUsageError() async throws {
    let folder = try TemporaryFolder()
    let database = folder.path + "/kumiki.sqlite"
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.sqlite", withDestinationPath: database)
    for cache in [
      database, folder.path + "/./kumiki.sqlite", folder.path + "/link.sqlite", database + "-wal", database + "-shm",
      folder.path + "/kumiki-api.json", folder.path + "/.kumiki-api.json.lock",
    ] {
      do {
        _ = try await LiveApp.start(
          LaunchOptions(
            apiURL: URL(string: "http://127.0.0.1:9"), databasePath: database, environment: ["KUMIKI_CACHE": cache]))
        Issue.record("expected KUMIKI_CACHE=\(cache) to be refused")
      } catch let error as LaunchError {
        #expect(error == .cacheIsDatabase(cache))
        #expect(error.isUsage)
      }
    }
  }

  /// `http://user:secret@host/`: the secret goes to the API only, never into the URL the app shows or keys its
  /// cache with.
  @Test func credentialsInTheAPIURLStayOutOfTheAppsURL() async throws {
    let folder = try TemporaryFolder()
    let live = try await LiveApp.start(
      LaunchOptions(
        apiURL: URL(string: "http://chef:s3cret@127.0.0.1:9/api"), databasePath: folder.path + "/k.sqlite",
        environment: [:], launch: false))
    #expect(live.apiURL.absoluteString == "http://127.0.0.1:9/api")
    await live.shutdown()
  }

  /// Two accounts on one API never share cached answers; the namespace holds neither the name nor the password.
  @Test func eachAccountHasItsOwnCacheNamespace() throws {
    let url = try #require(URL(string: "http://api.test/"))
    let alice = LiveApp.cacheNamespace(url, URLCredentials(user: "alice", password: "a", origin: "http://api.test:80"))
    let bob = LiveApp.cacheNamespace(url, URLCredentials(user: "bob", password: "b", origin: "http://api.test:80"))
    #expect(alice != bob)
    #expect(LiveApp.cacheNamespace(url, nil) == "http://api.test/")
    #expect(!alice.contains("alice") && !bob.contains("bob"))
  }

  /// The first non-nil `extract(state)`, checked now and after every state change (no polling, no sleeping).
  func value<T>(of runtime: AppRuntime, _ extract: @escaping @Sendable (AppState) -> T?) async throws -> T {
    for await state in runtime.store.values(select: { $0 }) {
      if let value = extract(state) { return value }
    }
    throw CancellationError()
  }
}

/// A folder under the system temporary directory, removed when the value is released.
final class TemporaryFolder: Sendable {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "kumiki-registry-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}
