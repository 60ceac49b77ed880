import ArgumentParser
import CompositionRoot
import FeatureKit
import Foundation
import Sessions
import TUI
import Terminal

/// `kumiki-tui`: the full-screen terminal app over every registered feature.
@main
struct KumikiTUI: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "kumiki-tui",
    abstract: "The Kumiki gourmet magazine, full screen in your terminal.",
    usage: """
      kumiki-tui
      kumiki-tui --features KEY,KEY
      kumiki-tui --api http://localhost:3000 --db ./kumiki.sqlite
      kumiki-tui --record session.jsonl
      """,
    discussion: """
      Keys: Tab/Shift-Tab or 1-9 switch tabs · arrows or h/j/k/l move · Enter activates · / search ·
      r refresh · o outbox · d or F12 DevTools · ? help · q or Ctrl-C quit.
      Without --api (or KUMIKI_API_URL) the app starts its embedded fixture server on a free loopback port; it
      keeps your writes (an edit you save) in kumiki-api.json beside the database (`kumiki fixtures reset` restores
      the sample data). A user name and password in --api are sent to that host only, never shown or recorded.
      KUMIKI_TIMEOUT (seconds, 0.001-86400) and KUMIKI_CACHE_MAX_AGE (0 to a year) out of range exit with 64.
      The database, the cache, recordings and the folder Kumiki creates are private (0600, 0700).
      Screens read through a response cache beside the database (kumiki-cache.sqlite): with the API down they show
      their last data marked "offline · as of 14:32"; r refreshes from the network. A change that cannot reach the
      API waits in the outbox ("1 change waiting to send"; o lists them) and is sent, in order, once it answers.
      --record FILE writes every action as it happens (JSON Lines; `kumiki replay FILE` replays it headless and
      turns it into a test). DevTools' export (e) writes the same format.
      Needs an interactive terminal; for scripts use `kumiki`.
      KUMIKI_TUI_TRACE=path writes a JSON line per frame (time, bytes, tab, complete) for start-up measurements.
      """,
    version: "kumiki-tui \(KumikiTUI.version)"
  )

  /// The version written in `--version` and in recordings' headers.
  static let version = "0.1.0"

  @Option(
    help: ArgumentHelp("API base URL (env KUMIKI_API_URL; default: the embedded fixture server).", valueName: "url"))
  var api: String?

  @Option(
    help: ArgumentHelp(
      "Database file (env KUMIKI_DB; default: $XDG_DATA_HOME/kumiki/kumiki.sqlite).", valueName: "path"))
  var db: String?

  @Option(
    help: ArgumentHelp(
      "Only these features: their keys, comma-separated (kumiki features lists them).", valueName: "list"))
  var features: String?

  @Flag(help: "Do not use colours (also: NO_COLOR).")
  var noColor = false

  @Flag(help: "Bypass the response cache: every screen reads from the network.")
  var fresh = false

  @Option(
    help: ArgumentHelp(
      "Record the session to this file as it happens (JSON Lines; replay it with `kumiki replay FILE`).",
      valueName: "file"))
  var record: String?

  func run() async throws {
    // Refuse before starting anything when there is no terminal to draw on.
    do {
      try TerminalSession.checkSupport()
    } catch {
      FileHandle.standardError.write(Data(TUIApp.refusalMessage(for: error).utf8))
      throw ExitCode(1)
    }
    let environment = ProcessInfo.processInfo.environment
    let devTools = DevTools()
    // The recording file is created before anything starts: a path that cannot be written ends the run at once.
    var recorder: SessionRecorder?
    if let record {
      do {
        recorder = try SessionRecorder(path: record, app: "kumiki-tui", version: Self.version)
      } catch {
        FileHandle.standardError.write(Data("kumiki-tui: --record: \(error)\n".utf8))
        throw ExitCode(73)  // EX_CANTCREAT
      }
    }
    let live: LiveApp
    do {
      let apiText = api ?? environment["KUMIKI_API_URL"]
      live = try await LiveApp.start(
        LaunchOptions(
          apiURL: try apiText.map(LaunchOptions.apiURL),
          databasePath: db,
          features: features.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
            ?? [],
          environment: environment,
          middlewares: (recorder.map { [$0.middleware] } ?? []) + [devTools.middleware],
          fresh: fresh
        ))
    } catch {
      FileHandle.standardError.write(Data("kumiki-tui: \(error)\n".utf8))
      // A bad option or environment value is a usage error (EX_USAGE, as the CLI's).
      throw ExitCode((error as? LaunchError)?.isUsage == true ? 64 : 1)
    }
    // The app launched while it was built (restore, launch): those actions were kept and are written now.
    recorder?.attach(to: live.runtime)
    for notice in live.notices { FileHandle.standardError.write(Data("kumiki-tui: \(notice)\n".utf8)) }
    var onFrame: (@Sendable (FrameReport) -> Void)?
    if let path = environment["KUMIKI_TUI_TRACE"], !path.isEmpty {
      do {
        let trace = try FrameTrace(path: path)
        onFrame = { trace.record($0) }
      } catch {
        FileHandle.standardError.write(Data("kumiki-tui: KUMIKI_TUI_TRACE: \(error)\n".utf8))
        await live.shutdown()
        throw ExitCode(1)
      }
    }
    // Offline, the API is asked again with back-off until it answers: the screens refetch, the outbox drains.
    live.startReconnecting()
    let activity = live.activity
    let reachability = live.queryCache.reachability
    // The outbox as it changes (here, or in another process on the same database): the status bar's events.
    let outbox = AsyncStream<TUIOutbox>(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let feeding = Task {
        for await _ in live.outboxChanges() {
          let view = live.outboxView()
          continuation.yield(TUIOutbox(status: view.status, lines: view.lines, notices: view.notices))
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in feeding.cancel() }
    }
    let status = await TUIApp.run(
      app: live.runtime,
      options: TUIOptions(
        color: !noColor && TUIOptions.colorAllowedByEnvironment(), devTools: devTools,
        appVersion: ("kumiki-tui", Self.version), launchApp: false,
        activity: { activity.inFlight }, offline: { reachability.unreachableStatus }, outbox: outbox,
        onFrame: onFrame))
    await live.shutdown()
    if let recorder {
      recorder.file.close()
      if let problem = recorder.problem {
        FileHandle.standardError.write(Data("kumiki-tui: --record: \(problem)\n".utf8))
      }
    }
    if status != 0 { throw ExitCode(status) }
  }
}
