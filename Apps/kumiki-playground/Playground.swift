import CompositionRoot
import FixtureData
import Foundation
import Scenarios

/// One feature alone, in one of its scenarios: reads the feature's scenarios, starts `kumiki-api` with the
/// scenario's options, warms the response cache when the scenario says so, then runs the app on that API with only
/// the feature's mounts, on a state folder of its own that is removed afterwards.
struct Playground {
  let options: PlaygroundOptions
  let environment: [String: String]

  /// `Modules/Features/<Name>` as messages spell it.
  var featurePath: String { "Modules/Features/\(options.feature)" }

  /// The feature's scenarios, read and checked against the data the API serves.
  /// - Throws: ``PlaygroundError/usage(_:)`` for a folder that is not a feature, ``PlaygroundError/data(_:)`` for a
  ///   bad scenario file.
  func catalog() throws(PlaygroundError) -> ScenarioCatalog {
    let folder = URL(fileURLWithPath: options.root).appending(path: featurePath)
    guard FileManager.default.fileExists(atPath: folder.appending(path: "feature.json").path) else {
      throw .usage("\(featurePath) is not a feature folder (it has no feature.json)")
    }
    do {
      let catalog = try ScenarioCatalog(featureFolder: folder, shownAs: featurePath)
      let database = try FixtureDatabase.bundled
      for scenario in catalog.scenarios { try scenario.check(against: database) }
      return catalog
    } catch let error as ScenarioError {
      throw .data(error.description)
    } catch {
      throw .failure("cannot read the sample data: \(error)")
    }
  }

  /// The keys the feature is mounted under in this build (one per mount).
  /// - Throws: ``PlaygroundError/usage(_:)`` when this build of the apps does not have it.
  func keys() throws(PlaygroundError) -> [String] {
    let keys = LiveApp.keys(ofModule: options.feature + "Feature")
    guard !keys.isEmpty else {
      throw .usage(
        "this build of the apps has no feature \(options.feature) (make run FEATURE=\(options.feature) builds it)")
    }
    return keys
  }

  /// Runs the app in the scenario and returns its exit status.
  func run() async throws(PlaygroundError) -> Int32 {
    let scenario: Scenario
    do {
      scenario = try catalog().scenario(named: options.scenario)
    } catch let error as PlaygroundError {
      throw error
    } catch {
      throw .usage("\(error)")
    }
    let keys = try keys()
    let folder = try StateFolder()
    defer { folder.remove() }
    let binary = EmbeddedAPI.binaryPath(environment: environment)
    let replacements = folder.path + "/replace.json"
    if let data = scenario.api.data {
      guard
        FileManager.default.createFile(
          atPath: replacements, contents: Data(JSONWriter().bytes(of: .object(data))),
          attributes: [.posixPermissions: 0o600])
      else { throw .failure("cannot write \(replacements)") }
    }
    let database = folder.path + "/kumiki.sqlite"
    // Everything the app keeps is in the state folder: no database, cache or API the environment names.
    var appEnvironment = environment
    for name in ["KUMIKI_API_URL", "KUMIKI_DB", "KUMIKI_CACHE"] { appEnvironment.removeValue(forKey: name) }

    // The cache, warmed from the scenario's data without its faults; the run's API listens at the same address,
    // since cached answers are kept by URL.
    var port = 0
    var warmed: URL?
    if scenario.cache == .warm {
      let api = try await start(binary, port: 0, scenario.api.dataArguments(replacementsFile: replacements))
      port = api.baseURL.port ?? 0
      warmed = api.baseURL
      do {
        let app = try await LiveApp.start(
          LaunchOptions(apiURL: api.baseURL, databasePath: database, features: keys, environment: appEnvironment))
        await app.loadEveryScreen()
        await app.shutdown()
      } catch {
        await api.stop()
        throw .failure("cannot warm the cache: \(error)")
      }
      await api.stop()
    }
    // The API down: the warmed one stays stopped; with nothing warmed, a server's address once it has stopped.
    var server: EmbeddedAPI?
    let url: URL
    if scenario.api.down, let warmed {
      url = warmed
    } else {
      let api = try await start(binary, port: port, scenario.api.serverArguments(replacementsFile: replacements))
      url = api.baseURL
      if scenario.api.down { await api.stop() } else { server = api }
    }

    if scenario.cache == .warm { appEnvironment["KUMIKI_CACHE_MAX_AGE"] = "0" }
    let arguments = ["--api", url.absoluteString, "--db", database, "--features", keys.joined(separator: ",")]
    Self.say(
      "\(options.feature) (\(keys.joined(separator: ", "))) in '\(scenario.name)': \(scenario.summary) "
        + "API \(url.absoluteString)\(scenario.api.down ? " (down)" : ""), state in \(folder.path)")
    let status = await AppProcess.run(
      Self.folder.appending(path: options.app).path,
      arguments: arguments + options.appArguments, environment: appEnvironment)
    await server?.stop()
    return status
  }

  private func start(_ binary: String, port: Int, _ options: [String]) async throws(PlaygroundError) -> EmbeddedAPI {
    do {
      return try await EmbeddedAPI.start(binary: binary, port: port, options: options, log: nil)
    } catch {
      throw .failure("the fixture API did not start: \(error)")
    }
  }

  /// The folder of this executable, where the apps are built beside it.
  static var folder: URL {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: executable).deletingLastPathComponent()
  }

  /// One line on standard error, `kumiki-playground: …`.
  static func say(_ line: String) {
    FileHandle.standardError.write(Data("kumiki-playground: \(line)\n".utf8))
  }
}
