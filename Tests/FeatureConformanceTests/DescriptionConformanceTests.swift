import CLI
import CompositionRoot
import FeatureKit
import Testing

/// Every registered feature's static description (``FeatureEntry/descriptions``, what `kumiki --help`, `kumiki
/// features` and completion read without building anything) says what the feature mounts: the same keys, titles,
/// screens and commands, and so the same help, catalogue and completion scripts as the built app. No test code per
/// feature.
@Suite("Every feature's static description")
struct DescriptionConformanceTests {
  @Test("the entry's descriptions equal its mounts' descriptions", arguments: StandardFeatures.entries.map(\.module))
  func entryDescribesItsMounts(_ module: String) throws {
    let entry = try #require(StandardFeatures.entries.first { $0.module == module }?.entry)
    let mounted = entry.mounts(Mount.inert).map(\.description)
    #expect(!entry.descriptions.isEmpty, "\(module) describes no mount")
    #expect(entry.descriptions == mounted, "\(module)'s descriptions differ from what it mounts")
  }

  @Test("help, features and completion read from the descriptions equal those of the built app")
  func describedOutputEqualsBuilt() async throws {
    let keys = StandardFeatures.descriptions.map(\.key)
    var commands = [["--help"], ["features"], ["features", "--json"]]
    commands += CompletionShell.allCases.map { ["completion", $0.rawValue] }
    for description in StandardFeatures.descriptions {
      commands.append([description.key, "--help"])
      commands += description.commands.map { [description.key] + $0.path + ["--help"] }
    }
    commands.append(["--features", keys.prefix(2).joined(separator: ","), "--help"])
    for arguments in commands {
      let described = await run(arguments, describing: true)
      let built = await run(arguments, describing: false)
      #expect(described.status == 0, "kumiki \(arguments.joined(separator: " ")) exited \(described.status)")
      #expect(described == built, "kumiki \(arguments.joined(separator: " ")) differs when read from descriptions")
    }
  }

  @Test("an unknown --features key is the same error either way, naming the key")
  func unknownFeature() async {
    let described = await run(["--features", "no-such-feature", "--help"], describing: true)
    let built = await run(["--features", "no-such-feature", "--help"], describing: false)
    #expect(described.status != 0)
    #expect(described.error.contains("no-such-feature"))
    #expect(described == built)
  }

  /// One in-process `kumiki` run that reads the features' descriptions, or (`describing: false`) builds the
  /// standard features over inert clients as help did before descriptions existed.
  func run(_ arguments: [String], describing: Bool) async -> Output {
    let output = CapturedStream()
    let error = CapturedStream()
    let describe: (@Sendable (CLIOptions) throws -> [FeatureDescription])? = describing ? Self.describe : nil
    let status = await KumikiCLI.main(
      arguments: arguments, environment: [:], version: "conformance", standardOutput: output, standardError: error,
      describe: describe
    ) { options, _ in
      try LiveApp.introspection(features: options.features)
    }
    return Output(status: status, output: output.text, error: error.text)
  }

  /// What the `kumiki` app reads for help: the selected features' static descriptions.
  @Sendable static func describe(_ options: CLIOptions) throws -> [FeatureDescription] {
    try LiveApp.describe(features: options.features)
  }

  struct Output: Equatable {
    let status: Int32
    let output: String
    let error: String
  }
}
