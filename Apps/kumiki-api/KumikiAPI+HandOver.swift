import ArgumentParser
import FixtureServer
import Foundation

import struct Networking.RunToken

/// The hand-over between servers of one `--db` file (`--join`): apps on one database share one embedded API, and
/// when the server serving it stops, a joined one takes over at the same address.
extension KumikiAPI {
  /// `--join`: another server holds the file. Waits (up to 10 s) for it to write its address and prints it as this
  /// server's; then, when that server stops (its app quit), takes over: serves the file at the same address, so
  /// the app that started this one keeps its API. Ends when standard input closes (`--exit-on-eof`; else when
  /// killed).
  func joinServer(serving file: URL, lockFile: String, holder: Int32?) async throws {
    let routeRules = try routeRewriter()
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(10)
    var address = FixtureServer.addressServing(file)
    while address == nil, clock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))  // the other server is binding; its address has no event to await
      address = FixtureServer.addressServing(file)
    }
    guard let address, let port = address.port else {
      Self.printError(
        "kumiki-api: \(file.path) is served by \(holder.map { "process \($0)" } ?? "another process") (\(lockFile)), "
          + "which gave no address to join")
      throw ExitCode.failure
    }
    let owner = holder.map { "process \($0)" } ?? "another kumiki-api"
    // The joined server's secret, kept for a take-over: the apps that joined it keep proving it.
    var joinedToken: RunToken?
    if let tokenFile {
      do {
        joinedToken = try RunToken.load(from: tokenFile)
      } catch {
        Self.printError(
          "kumiki-api: cannot join \(owner) at \(address.absoluteString): it serves \(file.lastPathComponent) but gave "
            + "no run token (not started with --token-file), so its answers could not be told from another program's: "
            + "stop it, or use it with --api \(address.absoluteString) (\(error))")
        throw ExitCode.failure
      }
    }
    FileHandle.standardOutput.write(Data("kumiki-api listening on \(address.absoluteString)\n".utf8))
    Self.printError("joined \(owner) at \(address.absoluteString): it already serves \(file.path)")
    let taken = TakenOver()
    if exitOnEOF {
      stopWhenInputCloses {
        await taken.server?.shutdown()
        Foundation.exit(0)
      }
    }
    // Take over when the owner stops; another joiner may win the file first: it serves the same address, so wait
    // for that one in turn.
    while true {
      await FixtureServer.waitUntilNotServed(file)
      let server: FixtureServer
      do {
        var configuration = try serverConfiguration(port: port, databaseFile: file, routes: routeRules)
        configuration.runToken = joinedToken
        configuration.tokenFile = tokenFile.map { URL(fileURLWithPath: $0) }
        server = try await FixtureServer.start(configuration)
      } catch FixtureServerError.databaseInUse {
        continue
      } catch {
        Self.printError("kumiki-api: could not take over \(file.path) at \(address.absoluteString): \(error)")
        throw ExitCode.failure
      }
      taken.server = server
      Self.printError("took over \(file.path) at \(address.absoluteString): \(owner) stopped")
      try await server.waitUntilStopped()
      return
    }
  }
}
