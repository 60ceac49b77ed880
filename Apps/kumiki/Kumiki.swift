import CLI
import FeatureKit
import Foundation
import Registry
import Synchronization

/// `kumiki`: the command-line app. Its commands come from the registered features (see `kumiki --help`); this
/// file only connects the generic CLI to the composition root.
@main
enum Kumiki {
  static func main() async {
    let environment = ProcessInfo.processInfo.environment
    let started = Mutex<LiveApp?>(nil)
    let status = await KumikiCLI.main(
      arguments: Array(CommandLine.arguments.dropFirst()),
      environment: environment,
      version: "kumiki 0.1.0"
    ) { options, purpose in
      do {
        switch purpose {
        case .introspection:
          return try LiveApp.introspection(features: options.features)
        case .execution:
          let log: (@Sendable (String) -> Void)? =
            options.verbose ? { line in FileHandle.standardError.write(Data("kumiki-api: \(line)\n".utf8)) } : nil
          let live = try await LiveApp.start(
            LaunchOptions(
              apiURL: options.api, databasePath: options.db, features: options.features, environment: environment,
              serverLog: log, launch: false))
          for notice in live.notices { FileHandle.standardError.write(Data("kumiki: \(notice)\n".utf8)) }
          started.withLock { $0 = live }
          return live.runtime
        }
      } catch LaunchError.features(let reason) {
        throw CommandError.usage(reason)  // a bad --features list is a usage error (64)
      }
    }
    if let live = started.withLock({ $0 }) { await live.shutdown() }
    exit(status)
  }
}
