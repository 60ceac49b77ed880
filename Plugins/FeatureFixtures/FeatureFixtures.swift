import Foundation
import PackagePlugin

/// Bundles every feature folder's fixture collections with FixtureData: `Modules/Features/X/fixtures.json` becomes the
/// resource `XFeature.fixtures.json`, and `FixtureDatabase.bundled` serves their union.
///
/// The folders are read from the file system rather than from the package's targets, so a suite that builds
/// FixtureData alone (`make test MODULE=FixtureServer`) still gets every feature's data.
@main
struct FeatureFixtures: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let features = context.package.directoryURL.appending(path: "Modules/Features")
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: features.path)) ?? []
    let bundled = folders.sorted().filter {
      FileManager.default.fileExists(atPath: features.appending(path: $0).appending(path: "fixtures.json").path)
    }
    let copies = bundled.map { folder -> Command in
      let source = features.appending(path: folder).appending(path: "fixtures.json")
      let output = context.pluginWorkDirectoryURL.appending(path: "\(folder)Feature.fixtures.json")
      return .buildCommand(
        displayName: "Bundling \(folder)'s fixtures",
        executable: URL(fileURLWithPath: "/bin/cp"),
        arguments: [source.path, output.path],
        inputFiles: [source],
        outputFiles: [output]
      )
    }
    // The list of what is bundled now, one feature target a line: a deleted folder's copy stays in the built bundle
    // (SwiftPM never removes a resource it copied there), so FixtureData reads only the files this list names. The
    // list is always written (FixtureData always has a resource, so a Bundle.module, with no feature folder at all),
    // and again whenever the folders change (its arguments are the command's signature).
    let index = context.pluginWorkDirectoryURL.appending(path: "FeatureFixtures.index")
    let listing = Command.buildCommand(
      displayName: "Listing the features' fixtures",
      executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", #"printf '%s\n' "$@" > "$0""#, index.path] + bundled.map { $0 + "Feature" },
      inputFiles: [],
      outputFiles: [index]
    )
    return copies + [listing]
  }
}
