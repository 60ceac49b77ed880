import CLI
import CompositionRoot
import FeatureAssembly
import FeatureKit
import Foundation
import Persistence
import Synchronization

/// `kumiki`: the command-line app. Its commands come from the registered features (see `kumiki --help`); this
/// file only connects the generic CLI to the composition root.
@main
enum Kumiki {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    // As kumiki-tui: GnuTLS is in the process only because libcurl's LDAP and RTMP back ends link it (Kumiki's
    // HTTPS is OpenSSL's), and its library constructor would initialise it when libcurl is opened (p11-kit's
    // modules, the system's priorities: ~0.7 M instructions). Set first, while no other thread exists (setenv is not
    // thread-safe), unless the user set it.
    setenv("GNUTLS_NO_IMPLICIT_INIT", "1", 0)
    // `--fresh` sends every read: libcurl's load (the longest single step of such a command) starts now, on a thread
    // of its own, and overlaps everything below until the first request, which waits only for what is left of it.
    if arguments.contains("--fresh") { LiveApp.loadNetworkInBackground() }
    let environment = ProcessEnvironment.read()
    // `--version`, help, `features` and completion: answered here, before anything asynchronous, so they start no
    // thread (the first call into the asynchronous CLI would start the global executor's workers).
    if let status = KumikiCLI.answerWithoutApp(
      arguments: arguments, environment: environment, version: version, describe: describe)
    {
      end(status)
    }
    let started = StartedApp()
    await run(arguments: arguments, environment: environment, started: started)
  }

  /// The command, the app's shutdown and the exit, off the main actor: `main`'s continuation after an `await` runs on
  /// the main queue, which (the main thread parked in `dispatch_main`) a new thread drains, so returning to it after
  /// the output cost a thread started and two hand-offs on the way to the exit (issue 38).
  nonisolated static func run(arguments: [String], environment: [String: String], started: StartedApp) async -> Never {
    let status = await KumikiCLI.main(
      arguments: arguments,
      environment: environment,
      version: version,
      cache: CacheMaintenance(
        status: { options in
          let status = try await usage {
            try await LiveApp.cacheStatus(
              databasePath: options.db, environment: environment, notice: Self.printNotice)
          }
          return CacheMaintenance.Report(
            location: status.location, entries: status.entries, bytes: status.bytes, oldest: status.oldest,
            newest: status.newest, maxEntries: status.limits.maxEntries, maxBytes: status.limits.maxBytes)
        },
        clear: { options in
          try await usage {
            try await LiveApp.clearCache(databasePath: options.db, environment: environment, notice: Self.printNotice)
          }
        }
      ),
      resetFixtures: { options in
        try await usage {
          try await LiveApp.resetFixtures(databasePath: options.db, environment: environment, notice: Self.printNotice)
        }
      },
      describe: describe,
      outbox: outboxMaintenance(environment: environment, started: started),
      makeApp: { @Sendable options, purpose in
        try await makeApp(options: options, purpose: purpose, environment: environment, started: started)
      }
    )
    if let live = started.value {
      // Data shown from the cache because the API could not be reached: say so, and from when (exit status 0).
      if status == 0, let notice = live.offlineNotice {
        FileHandle.standardError.write(Data("kumiki: \(notice)\n".utf8))
      }
      await live.shutdown()
      // Writes kept by an earlier run that went out, or that the server refused (rolled back).
      for notice in live.takeOutboxNotices() { printNotice(notice) }
      // Changes still waiting that this run did not queue (a queued write says so itself) and that what it printed
      // showed as made (a command showing none of that data does not say it).
      if let summary = live.queryCache.outbox?.summary, summary.queuedHere == 0, live.queryCache.showedWaitingChanges,
        let waiting = summary.statusText
      {
        printNotice("\(waiting), shown as made (kumiki outbox lists them)")
      }
    }
    end(status)
  }

  /// Ends the process once its output is flushed, with `_exit`: no exit handler or library destructor runs. They have
  /// nothing left to do (``LiveApp/shutdown()`` closed the databases and stopped the API child), they cost time a
  /// one-shot command is measured by (libcurl's ~30 libraries' destructors), and with `--fresh` libcurl may still be
  /// loading on its own thread (a usage error ends the process at once), where OpenSSL's exit handler would free what
  /// the load is using.
  static func end(_ status: Int32) -> Never {
    fflush(nil)  // every C stream (`print` writes through standard output's buffer)
    _exit(status)
  }

  /// The version `kumiki --version` prints.
  static let version = "0.1.0"

  /// Help, `kumiki features` and completion: the features' static descriptions, nothing built.
  @Sendable static func describe(_ options: CLIOptions) throws -> [FeatureDescription] {
    do {
      return try LiveApp.describe(features: options.features)
    } catch let error as LaunchError where error.isUsage {
      throw CommandError.usage(String(describing: error))
    }
  }

  /// `kumiki outbox …`: listing, discarding and re-queueing open the database alone; sending starts the app (the
  /// embedded API when no --api is given) and sends what waits for its API.
  static func outboxMaintenance(environment: [String: String], started: StartedApp) -> OutboxMaintenance {
    let send: @Sendable (CLIOptions) async throws -> OutboxMaintenance.SendReport = { options in
      let live = try await usage {
        try await LiveApp.start(
          LaunchOptions(
            apiURL: options.api, databasePath: options.db, features: options.features, environment: environment,
            launch: false))
      }
      for notice in live.notices { printNotice(notice) }
      let report = await live.sendOutbox()
      await live.shutdown()
      return OutboxMaintenance.SendReport(
        sent: report.sent.map(entry), refused: report.refused.map(entry), pending: report.pending,
        stopped: report.busy ? "another process is sending them now" : report.stopped, held: report.held.map(entry))
    }
    return OutboxMaintenance(
      list: { options in
        try await LiveApp.outboxEntries(databasePath: options.db, environment: environment).map(entry)
      },
      send: send,
      discard: { options, id in
        try await LiveApp.discardOutboxEntry(id, databasePath: options.db, environment: environment).map(entry)
      },
      retry: { options, id in
        guard try await LiveApp.requeueOutboxEntry(id, databasePath: options.db, environment: environment) != nil
        else { return nil }
        return try await send(options)
      },
      queued: {
        guard let summary = started.value?.queryCache.outbox?.summary else { return (0, 0, nil) }
        return (summary.queuedHere, summary.pending + summary.outcomeUnknown, summary.queuedReason)
      }
    )
  }

  /// An outbox entry as the CLI prints it.
  @Sendable static func entry(_ entry: OutboxEntry) -> OutboxMaintenance.Entry {
    OutboxMaintenance.Entry(
      id: entry.id, api: entry.api, method: entry.state == .unreadable ? "" : entry.method.rawValue, path: entry.path,
      state: entry.state.rawValue,
      attempts: entry.attempts, createdAt: entry.createdAt, lastError: entry.lastError,
      changedKeys: entry.state == .unreadable ? [] : entry.changedKeys)
  }

  /// Runs `body`, turning a launch error that is the user's setting (``LaunchError/isUsage``) into a usage error.
  static func usage<T>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as LaunchError where error.isUsage {
      throw CommandError.usage(String(describing: error))
    }
  }

  /// Prints a one-line notice on standard error.
  @Sendable static func printNotice(_ text: String) {
    FileHandle.standardError.write(Data("kumiki: \(text)\n".utf8))
  }

  /// `kumiki replay` replays into an inert app (reducers only, no network, no database); commands run on the live
  /// one (not launched: the CLI launches it when a feature command runs). Help and completion never get here: they
  /// read the features' descriptions (`describe`, above).
  static func makeApp(
    options: CLIOptions, purpose: AppPurpose, environment: [String: String], started: StartedApp
  ) async throws -> AppRuntime {
    // A bad --features list or environment value is a usage error (64); everything else fails with its one-line
    // reason (1).
    try await usage {
      if purpose == .replay { return try LiveApp.replay(features: options.features) }
      var log: (@Sendable (String) -> Void)? = nil
      if options.verbose {
        log = { line in FileHandle.standardError.write(Data("kumiki-api: \(line)\n".utf8)) }
      }
      let live = try await LiveApp.start(
        LaunchOptions(
          apiURL: options.api, databasePath: options.db, features: options.features, environment: environment,
          serverLog: log, launch: false, fresh: options.fresh, singleCommand: true))
      for notice in live.notices { FileHandle.standardError.write(Data("kumiki: \(notice)\n".utf8)) }
      started.value = live
      return live.runtime
    }
  }
}

/// The live app once started, so `main` can shut it down after the command.
final class StartedApp: Sendable {
  private let storage = Mutex<LiveApp?>(nil)

  var value: LiveApp? {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}
