import CLI
import CompositionRoot
import CompositionRootTesting
import FeatureKit
import Foundation
import Synchronization
import Testing

/// Every registered feature's commands, run in process by the real CLI over the live app (fixture server, a fresh
/// database): each has an abstract and an example; each rejects an unknown option as a usage error (exit 64) with a
/// message; and each of its examples runs with `--json`, succeeds and prints valid JSON whose dates are ISO 8601 (the
/// CLI README's promise: every string that starts like a date, `2023/03/20` or `2023-03-20…`, is `2023-03-20` or a
/// full `2023-03-20T00:00:00Z`). No test code per feature.
@Suite("Every feature's commands", .serialized, .timeLimit(.minutes(3)))
struct CommandConformanceTests {
  @Test("help, bad input and --json of each command", arguments: Mount.all)
  func commands(_ mount: Mount) async throws {
    let introspected = try LiveApp.introspection(features: [mount.key])
    let commands = introspected.commands.filter { $0.featureKey == mount.key }
    let backend = try await FixtureBackend()
    let folder = FileManager.default.temporaryDirectory.appending(path: "kumiki-conformance-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      for command in commands {
        let name = command.words.joined(separator: " ")
        #expect(!command.abstract.isEmpty, "\(name) has no abstract")
        #expect(!command.examples.isEmpty, "\(name) has no example")

        let bad = try await run(command.words + ["--no-such-option"], api: backend.url, folder: folder)
        #expect(bad.status == 64, "\(name) --no-such-option exited \(bad.status)")
        #expect(!bad.error.isEmpty, "\(name) --no-such-option printed no reason")

        for example in command.examples {
          let words = try #require(ShellWords.split(example), "\(name): example \(example) is not shell words")
          let result = try await run(words + ["--json"], api: backend.url, folder: folder)
          #expect(result.status == 0, "kumiki \(example) --json exited \(result.status): \(result.error)")
          let parsed = try? JSONSerialization.jsonObject(with: Data(result.output.utf8), options: [.fragmentsAllowed])
          #expect(parsed != nil, "kumiki \(example) --json printed no JSON: \(result.output.prefix(200))")
          for date in Self.strings(in: parsed as Any) where date.contains(Self.dateLike) {
            #expect(date.wholeMatch(of: Self.iso8601) != nil, "kumiki \(example) --json: date \(date) is not ISO 8601")
          }
        }
      }
    } catch {
      await backend.shutdown()
      throw error
    }
    await backend.shutdown()
  }

  /// A string that starts with a date: four digits, a separator, one or two digits, a separator, one or two digits.
  nonisolated(unsafe) static let dateLike = /^[0-9]{4}[-\/.][0-9]{1,2}[-\/.][0-9]{1,2}/
  /// An ISO 8601 date, or date and time with seconds (a fraction optional) and a zone.
  nonisolated(unsafe) static let iso8601 =
    /[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:?[0-9]{2}))?/

  /// Every string value in a parsed JSON value, at any depth.
  static func strings(in value: Any) -> [String] {
    switch value {
    case let text as String: [text]
    case let array as [Any]: array.flatMap { strings(in: $0) }
    case let object as [String: Any]: object.values.flatMap { strings(in: $0) }
    default: []
    }
  }

  /// One in-process `kumiki` run against `api`, with the database in `folder`.
  func run(_ arguments: [String], api: URL, folder: URL) async throws -> (status: Int32, output: String, error: String)
  {
    let output = CapturedStream()
    let error = CapturedStream()
    let started = Mutex<LiveApp?>(nil)
    let environment = ["KUMIKI_API_URL": api.absoluteString, "KUMIKI_DB": folder.path + "/kumiki.sqlite"]
    let status = await KumikiCLI.main(
      arguments: arguments, environment: environment, version: "conformance", standardOutput: output,
      standardError: error
    ) { options, purpose in
      if purpose == .introspection { return try LiveApp.introspection(features: options.features) }
      if purpose == .replay { return try LiveApp.replay(features: options.features) }
      let live = try await LiveApp.start(
        LaunchOptions(
          apiURL: options.api, databasePath: options.db, features: options.features, environment: environment,
          launch: false))
      started.withLock { $0 = live }
      return live.runtime
    }
    if let live = started.withLock({ $0 }) { await live.shutdown() }
    return (status, output.text, error.text)
  }
}
