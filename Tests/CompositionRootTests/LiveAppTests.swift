import CompositionRootTesting
import Core
import FeatureKit
import FixtureServer
import Foundation
import Networking
import Presentation
import Testing

@testable import CompositionRoot

/// The composition root end to end: every registered feature on the real fixture server (over libcurl) and a real
/// SQLite file, as the apps run them. Nothing here names a feature: the list comes from the registry, and each
/// feature's own behaviour is tested in its suites (and checked by FeatureConformanceTests).
@Suite(.timeLimit(.minutes(2))) struct LiveAppTests {
  @Test(
    "every registered feature starts on the embedded server; every tab loads without an error; a second run on the same database starts too"
  )
  func everyFeatureStartsOnTheEmbeddedServer() async throws {
    let folder = try TemporaryFolder()
    let options = LaunchOptions(databasePath: folder.path + "/kumiki.sqlite", environment: [:])
    let registered = StandardFeatures.mounts(inertDependencies).map(\.feature.key)
    #expect(!registered.isEmpty)

    for run in 1...2 {
      let live = try await LiveApp.start(options)
      let runtime = live.runtime
      #expect(runtime.features.map(\.key) == registered, "run \(run)")
      for feature in runtime.features where feature.placement == .tab { runtime.appear(slot: feature.slot) }
      await runtime.store.idle()
      for feature in runtime.features where feature.hasScreen {
        let view = runtime.view(slot: feature.slot)
        #expect(view?.firstErrorMessage == nil, "\(feature.key): \(view?.firstErrorMessage ?? "")")
      }
      await live.shutdown()
    }
  }

  /// Issue 38, item 1: a command that only reads leaves the database as it found it. The registry's first screen whose
  /// key is a command of its own (`kumiki KEY`, what `make bench` times), run as the CLI runs it, on a warm database
  /// and cache: no byte of the database file changes, nor its modification time, and its log stays empty (no commit:
  /// the next open needs no check).
  @Test func aReadCommandOnAWarmDatabaseWritesNothingToIt() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/kumiki.sqlite"
    let options = LaunchOptions(databasePath: path, environment: [:], launch: false, singleCommand: true)
    /// One CLI run of the command: launch, its actions, settle, terminate, shut down.
    func run(fresh: Bool) async throws {
      var options = options
      options.fresh = fresh
      let live = try await LiveApp.start(options)
      let runtime = live.runtime
      let screens = Set(runtime.features.filter(\.hasScreen).map(\.key))
      let command = try #require(
        runtime.commands.first { screens.contains($0.featureKey) && $0.path.isEmpty && $0.arguments.isEmpty })
      await runtime.launch()
      for action in try command.actions(CommandInput()) { runtime.store.dispatch(action) }
      await runtime.store.settled()
      guard case .success = command.output(runtime.store.state, CommandInput()) else {
        Issue.record("kumiki \(command.featureKey) failed")
        return
      }
      runtime.send(.terminate)
      await runtime.store.settled()
      await live.shutdown()
    }
    try await run(fresh: false)
    try await run(fresh: false)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date

    try await run(fresh: false)  // answered by the cache
    try await run(fresh: true)  // every request sent

    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == modified)
    let log = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    #expect(log == 0)
  }

  /// Issue 38: a one-shot command (the CLI) starts no watcher of other processes' commits — it reads the outbox once
  /// at start and ends — while an app that keeps running (the TUI) does.
  @Test func onlyAnAppThatKeepsRunningWatchesOtherProcesses() async throws {
    let folder = try TemporaryFolder()
    for singleCommand in [true, false] {
      let live = try await LiveApp.start(
        LaunchOptions(
          apiURL: URL(string: "http://127.0.0.1:9"), databasePath: folder.path + "/kumiki.sqlite", environment: [:],
          launch: false, singleCommand: singleCommand))
      #expect((live.watcher == nil) == singleCommand, "singleCommand: \(singleCommand)")
      await live.shutdown()
    }
  }

  /// A data file the embedded API cannot load leaves the app offline, whether its API starts at launch (the TUI) or on
  /// the first request (the CLI): a read fails saying what happened — the file, why — not `Could not connect to
  /// 127.0.0.1:9` (the made-up address nothing was asked at), and a write waits in the outbox.
  @Test(arguments: [false, true])
  func aDataFileThatDoesNotLoadLeavesTheAppOfflineSayingWhy(singleCommand: Bool) async throws {
    let folder = try TemporaryFolder()
    let file = folder.path + "/kumiki-api.json"
    try "{\n  \"things\": [,]\n}\n".write(toFile: file, atomically: false, encoding: .utf8)
    let live = try await LiveApp.start(
      LaunchOptions(
        databasePath: folder.path + "/kumiki.sqlite", environment: [:], launch: false, singleCommand: singleCommand))
    let client = live.queryCache.client
    await #expect {
      _ = try await client.send(.get(live.apiURL.appending(path: "things")))
    } throws: { error in
      guard let error = error as? HTTPError, case .offline = error else { return false }
      let message = String(describing: error)
      return message.hasPrefix("The embedded API cannot load its data file \(file) (malformed JSON")
        && !message.contains("127.0.0.1") && !message.contains("Could not connect")
    }
    let write = HTTPRequest(method: .delete, url: live.apiURL.appending(path: "things/1"))
    await #expect(throws: (any Error).self) { _ = try await client.send(write) }
    #expect(live.outboxView().status == "1 change waiting to send", "the write waits in the outbox")
    await live.shutdown()
  }

  @Test func badOptionsAreClearErrors() async throws {
    let folder = try TemporaryFolder()
    let notADirectory = folder.path + "/file"
    try Data("x".utf8).write(to: URL(fileURLWithPath: notADirectory))
    await #expect(throws: LaunchError.self) {
      _ = try await LiveApp.start(LaunchOptions(databasePath: notADirectory + "/kumiki.sqlite", environment: [:]))
    }
    let available = StandardFeatures.mounts(inertDependencies).map(\.feature.key).joined(separator: ", ")
    await #expect(throws: LaunchError.features("unknown feature 'nope'; available: \(available)")) {
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

  /// Dependencies for listing the mounts only (nothing is run on them).
  var inertDependencies: FeatureDependencies {
    FeatureDependencies(
      http: HTTPClient { request in throw HTTPError.cannotConnect(request.url, reason: "listing only") },
      apiURL: URL(string: "http://127.0.0.1:9")!, persistence: .refusing("listing only"))
  }
}
