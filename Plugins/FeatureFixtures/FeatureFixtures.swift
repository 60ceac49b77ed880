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
    return folders.sorted().compactMap { folder -> Command? in
      let source = features.appending(path: folder).appending(path: "fixtures.json")
      guard FileManager.default.fileExists(atPath: source.path) else { return nil }
      let output = context.pluginWorkDirectoryURL.appending(path: "\(folder)Feature.fixtures.json")
      return .buildCommand(
        displayName: "Bundling \(folder)'s fixtures",
        executable: URL(fileURLWithPath: "/bin/cp"),
        arguments: [source.path, output.path],
        inputFiles: [source],
        outputFiles: [output]
      )
    }
  }
}
