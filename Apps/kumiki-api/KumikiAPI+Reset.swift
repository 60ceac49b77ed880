import ArgumentParser
import FixtureServer
import Foundation

/// `--reset-db`: the `--db` file's content replaced with the bundled sample data (its unloadable content kept
/// beside it), then exit; nothing is served.
extension KumikiAPI {
  func resetDataFile() throws {
    guard let databasePath else { throw ValidationError("--reset-db needs --db FILE") }
    do {
      if let kept = try FixtureServer.resetDatabaseFile(URL(fileURLWithPath: databasePath)) {
        Self.printError("kumiki-api: \(databasePath) did not load; its content is kept in \(kept)")
      }
    } catch {
      Self.printError("kumiki-api: cannot reset \(databasePath): \(error)")
      throw ExitCode.failure
    }
    FileHandle.standardOutput.write(Data("kumiki-api: \(databasePath) now holds the sample data\n".utf8))
  }
}
