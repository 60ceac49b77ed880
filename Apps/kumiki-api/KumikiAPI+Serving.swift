import ArgumentParser
import FixtureData
import FixtureServer
import Foundation

import struct Networking.RunToken

/// Serving: the server the options configure, started, announced on standard output (the banner the apps read
/// the address from), then run until it stops (`KumikiAPI+Stopping.swift`). `--reset-db` and a file another server
/// holds (`--join`) branch off here.
extension KumikiAPI {
  func run() async throws {
    if resetDatabase { return try resetDataFile() }
    // The rules read once: the server runs them and the banner counts them (the file may change meanwhile).
    let routeRules = try routeRewriter()
    let replaced = try replacements()
    // With --db the server loads the file itself, once it holds the file's lock.
    let databaseFile = databasePath.map { URL(fileURLWithPath: $0) }
    let database: FixtureDatabase?
    do {
      database = databaseFile == nil ? try FixtureDatabase.bundled : nil
    } catch {
      Self.printError("kumiki-api: cannot load the bundled db.json: \(error)")
      throw ExitCode.failure
    }

    let server: FixtureServer
    do {
      var configuration = try serverConfiguration(
        port: port, database: database, databaseFile: databaseFile, routes: routeRules)
      configuration.replacedResources = replaced
      configuration.emptiedLists = emptyLists.isEmpty ? nil : ListSelection(spellings: emptyLists)
      // A new secret for this run; written to the file only once this server holds the data file.
      if let tokenFile {
        configuration.runToken = RunToken.generate()
        configuration.tokenFile = URL(fileURLWithPath: tokenFile)
      }
      server = try await FixtureServer.start(configuration)
    } catch FixtureServerError.databaseInUse(let path, let lockFile, let holder) where join {
      try await joinServer(serving: URL(fileURLWithPath: path), lockFile: lockFile, holder: holder)
      return
    } catch let error as FixtureDatabaseError {
      Self.printError("kumiki-api: cannot load \(databasePath ?? "the bundled db.json"): \(error)")
      throw ExitCode(Self.unloadableDataExitCode)
    } catch {
      Self.printError("kumiki-api: \(error)")
      throw ExitCode.failure
    }
    FileHandle.standardOutput.write(
      Data(banner(server: server, databaseFile: databaseFile, routeRules: routeRules, replaced: replaced).utf8))
    if exitOnEOF {
      stopWhenInputCloses { await server.shutdown() }
    }
    try await server.waitUntilStopped()
  }

  /// The server's configuration from the options, on `port`: the data (`database`, or the file it loads), the
  /// json-server options (--id, --foreignKeySuffix, --no-cors, --cors, the `--routes` rules as read once by the
  /// caller, --watch), faults, limits and the request log. What a take-over serves too (`KumikiAPI+HandOver.swift`).
  func serverConfiguration(
    port: Int, database: FixtureDatabase? = nil, databaseFile: URL?, routes: RouteRewriter?
  ) throws -> FixtureServer.Configuration {
    var configuration = FixtureServer.Configuration(
      host: host, port: port, database: database, databaseFile: databaseFile, readOnly: readOnly,
      delay: .milliseconds(delay), faults: try faultPlan(), allowsFaultControl: allowFaults,
      headerTimeout: .milliseconds(Int((headerTimeout * 1000).rounded())),
      idleTimeout: .milliseconds(Int((idleTimeout * 1000).rounded())),
      patternTimeLimit: .milliseconds(regexTimeLimit),
      requestLog: verbose ? { @Sendable line in Self.printError(line) } : nil, handlesTerminationSignals: true,
      createsMissingDatabaseFile: createDatabase)
    configuration.idField = idField
    configuration.foreignKeySuffix = foreignKeySuffix
    configuration.allowsCrossOrigin = !noCORS
    configuration.allowedOrigins = corsOrigins
    configuration.routes = routes
    configuration.watchesDatabaseFile = watch
    configuration.maximumConnections = maxConnections
    configuration.log = { @Sendable line in Self.printError("kumiki-api: \(line)") }
    configuration.addsMissingResources = addMissing
    configuration.writeJournal = writeJournal.map { URL(fileURLWithPath: $0) }
    return configuration
  }

  /// What the server says on standard output once it listens: its address first (the line the apps and scripts
  /// read), then the resources and every option that changes what is served.
  func banner(
    server: FixtureServer, databaseFile: URL?, routeRules: RouteRewriter?, replaced: JSONObject?
  ) -> String {
    var banner = "kumiki-api listening on \(server.baseURL.absoluteString)\n"
    for name in server.database.resourceNames {
      banner += "  \(server.baseURL.absoluteString)/\(name)\n"
    }
    banner += "  home: \(server.baseURL.absoluteString)/\n"
    if let rules = routeRules {
      banner += "  routes from \(routes ?? ""): \(rules.ruleCount) rules, \(server.baseURL.absoluteString)/__rules\n"
    }
    if watch, let databaseFile {
      banner += "  watching \(databaseFile.path) for edits\n"
    }
    if readOnly {
      banner += "  read-only: writes are refused with 403\n"
    } else if let databaseFile {
      banner += "  writes are saved to \(databaseFile.path)\n"
    } else {
      banner += "  writes are kept in memory until the server stops\n"
    }
    if let resources = replaced {
      banner +=
        "  replaced from \(VisibleText.shown(replacementsPath ?? "", limit: 200)): \(resources.keys.sorted().map { VisibleText.shown($0) }.joined(separator: ", "))\n"
    }
    if !emptyLists.isEmpty {
      banner +=
        "  served empty: \(emptyLists.contains("*") ? "every list" : emptyLists.map { VisibleText.shown($0) }.joined(separator: ", "))\n"
    }
    if !server.faults.isEmpty {
      banner += "  faults: \(FaultSummary(server.faults))\n"
    }
    if let tokenFile {
      banner += "  requests must prove the run token of \(VisibleText.shown(tokenFile, limit: 200)) (Kumiki-Token)\n"
    }
    if !corsOrigins.isEmpty {
      banner += "  pages of \(corsOrigins.joined(separator: ", ")) may write (--cors)\n"
    }
    if allowFaults {
      banner += "  clients may inject faults: X-Kumiki-Fault header, \(server.baseURL.absoluteString)/__faults\n"
    }
    return banner
  }
}
