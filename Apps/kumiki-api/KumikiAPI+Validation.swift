import ArgumentParser
import FixtureData
import FixtureServer
import Foundation

/// The options checked together before anything starts (ArgumentParser calls `validate()`), and the files and
/// rules they name, read into what the server takes.
extension KumikiAPI {
  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0...65535, got \(port)") }
    guard (0...InjectedFault.maximumLatencyMilliseconds).contains(delay) else {
      throw ValidationError("--delay must be in 0...\(InjectedFault.maximumLatencyMilliseconds) ms, got \(delay)")
    }
    _ = try faultPlan()
    for (name, seconds) in [("--header-timeout", headerTimeout), ("--idle-timeout", idleTimeout)] {
      guard seconds >= 0.001, seconds <= 86_400 else {
        throw ValidationError("\(name) must be in 0.001...86400 seconds, got \(seconds)")
      }
    }
    guard (1...600_000).contains(regexTimeLimit) else {
      throw ValidationError("--regex-time-limit must be in 1...600000 ms, got \(regexTimeLimit)")
    }
    let connections = FixtureServer.Configuration.maximumConnectionsRange
    guard connections.contains(maxConnections) else {
      throw ValidationError("--max-connections must be in \(connections), got \(maxConnections)")
    }
    let longest = FixtureServer.Configuration.maximumNameLength
    for (name, value) in [("--id", idField), ("--foreignKeySuffix", foreignKeySuffix)]
    where value.isEmpty || value.count > longest {
      throw ValidationError("\(name) must be 1...\(longest) characters, got \(value.count)")
    }
    if addMissing, databasePath == nil {
      throw ValidationError("--add-missing needs --db FILE: the bundled data lacks nothing")
    }
    if writeJournal != nil, !allowFaults {
      throw ValidationError("--write-journal is test tooling and needs --allow-faults (never in a normal run)")
    }
    if watch, databasePath == nil {
      throw ValidationError("--watch needs --db FILE: the bundled data is never edited, so there is nothing to watch")
    }
    for origin in corsOrigins {
      if let problem = FixtureServer.Configuration.originProblem(origin) { throw ValidationError(problem) }
    }
    if noCORS, !corsOrigins.isEmpty {
      throw ValidationError("--no-cors sends no CORS headers, so it cannot allow --cors origins: give one or the other")
    }
    if staticDirectory != nil {
      throw ValidationError(
        "--static is not supported: kumiki-api serves the API only (GET / is its home page); serve the files with "
          + "any static server on another port, e.g. python3 -m http.server, and allow its origin with --cors ORIGIN")
    }
    if snapshotsDirectory != nil {
      throw ValidationError(
        "--snapshots is not supported: kumiki-api reads standard input only for --exit-on-eof; save a snapshot "
          + "with curl http://HOST:PORT/db > snapshot.json")
    }
    _ = try routeRewriter()
    if databasePath != nil, !emptyLists.isEmpty || replacementsPath != nil {
      throw ValidationError(
        "--empty and --replace change the data served, which --db would save on the first write: serve the "
          + "bundled data, or a copy of the file without --db")
    }
    for name in emptyLists where name.isEmpty || name.count > FixtureServer.Configuration.maximumNameLength {
      throw ValidationError("--empty takes a list's name (1...256 characters) or '*', got '\(VisibleText.shown(name))'")
    }
    _ = try replacements()
  }

  /// The `--replace` file's resources, or `nil` without the flag.
  func replacements() throws -> JSONObject? {
    guard let replacementsPath else { return nil }
    do {
      return try FixtureServer.loadDataFile(URL(fileURLWithPath: replacementsPath)).root
    } catch {
      throw ValidationError("--replace \(VisibleText.shown(replacementsPath, limit: 200)): \(error)")
    }
  }

  /// The `--routes` rules, or `nil` without the flag.
  func routeRewriter() throws -> RouteRewriter? {
    guard let routes else { return nil }
    do {
      return try RouteRewriter(contentsOf: URL(fileURLWithPath: routes))
    } catch {
      throw ValidationError("--routes \(routes): \(error)")
    }
  }

  /// The `--fault` rules as one plan.
  func faultPlan() throws -> FaultPlan {
    var plan = FaultPlan()
    for rule in faultRules {
      do {
        try plan.add(rule: rule)
      } catch {
        throw ValidationError("--fault \(error)")
      }
    }
    return plan
  }
}
