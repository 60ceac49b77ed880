import CLI
import Foundation
import Synchronization
import Testing

/// `kumiki cache status|clear` in process, over a maintenance that records what it was asked.
@Suite struct CacheCommandTests {
  static let report = CacheMaintenance.Report(
    location: "/data/kumiki-cache.sqlite", entries: 5, bytes: 15_560,
    oldest: Date(timeIntervalSince1970: 1_795_000_000), newest: Date(timeIntervalSince1970: 1_795_000_060),
    maxEntries: 500, maxBytes: 16 << 20)

  final class Calls: Sendable {
    let values = Mutex<[String]>([])
    var list: [String] { values.withLock { $0 } }
  }

  func kumikiCache(_ arguments: [String], failing: Bool = false) async -> (Run, [String]) {
    let calls = Calls()
    let maintenance = CacheMaintenance(
      status: { options in
        calls.values.withLock { $0.append("status db=\(options.db ?? "-")") }
        if failing { throw CocoaError(.fileReadCorruptFile) }
        return Self.report
      },
      clear: { options in
        calls.values.withLock { $0.append("clear db=\(options.db ?? "-")") }
        return ("/data/kumiki-cache.sqlite", 5)
      })
    let output = CapturedStream()
    let error = CapturedStream()
    let status = await KumikiCLI.main(
      arguments: arguments, environment: [:], version: "1", standardOutput: output, standardError: error,
      cache: maintenance
    ) { _, _ in
      calls.values.withLock { $0.append("makeApp") }
      return try makeTestApp()
    }
    return (Run(status: status, output: output.text, error: error.text), calls.list)
  }

  @Test func statusPrintsWhereTheCacheIsAndWhatItHoldsWithoutBuildingTheApp() async {
    let (run, calls) = await kumikiCache(["--db", "/data/kumiki.sqlite", "cache", "status"])
    #expect(run.status == 0)
    #expect(calls == ["status db=/data/kumiki.sqlite"])
    #expect(run.output.hasPrefix("Response cache: /data/kumiki-cache.sqlite\nEntries: 5 of 500 · 15.2 KB of 16.0 MB\n"))
    #expect(run.output.contains("Fetched: "))
  }

  @Test func statusAsJSONHasStableSnakeCaseKeys() async {
    let (run, _) = await kumikiCache(["cache", "status", "--json"])
    #expect(
      run.output
        == #"{"location":"/data/kumiki-cache.sqlite","entries":5,"bytes":15560,"max_entries":500,"#
        + #""max_bytes":16777216,"oldest":"2026-11-18T11:06:40Z","newest":"2026-11-18T11:07:40Z"}"# + "\n")
  }

  @Test func clearSaysHowManyItRemoved() async {
    let (run, calls) = await kumikiCache(["cache", "clear"])
    #expect(run == Run(status: 0, output: "Removed 5 cached responses from /data/kumiki-cache.sqlite.\n", error: ""))
    #expect(calls == ["clear db=-"])
    let (json, _) = await kumikiCache(["--json", "cache", "clear"])
    #expect(json.output == #"{"location":"/data/kumiki-cache.sqlite","removed":5}"# + "\n")
  }

  @Test func badSubcommandsAreUsageErrorsAndHelpIsShown() async {
    let (bad, calls) = await kumikiCache(["cache", "purge"])
    #expect(bad.status == 64)
    #expect(bad.error.hasPrefix("kumiki: unknown cache command 'purge'"))
    #expect(calls.isEmpty)
    let (help, _) = await kumikiCache(["cache"])
    #expect(help.status == 0)
    #expect(help.output.contains("USAGE: kumiki cache status|clear"))
  }

  @Test func aCacheThatCannotBeReadFailsWithOneLine() async {
    let (run, _) = await kumikiCache(["cache", "status"], failing: true)
    #expect(run.status == 1)
    #expect(run.error.hasPrefix("kumiki: cache status: "))
    #expect(run.error.filter { $0 == "\n" }.count == 1)
  }

  @Test func freshIsAGlobalFlag() throws {
    let (options, rest) = try CLIOptions.parse(["home", "--fresh"])
    #expect(options.fresh)
    #expect(rest == ["home"])
    #expect(throws: UsageError.self) { try CLIOptions.parse(["--fresh=yes"]) }
  }
}
