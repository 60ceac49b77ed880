import CLI
import CompositionRoot
import FeatureKit
import Foundation
import Sessions
import Synchronization
import TUI
import Terminal

/// `kumiki-tui`: the full-screen terminal app over every registered feature. Its options and environment are read
/// as `kumiki` reads them (``LaunchArguments``; its own in ``KumikiTUIOptions``).
@main
enum KumikiTUI {
  /// The version written in `--version` and in recordings' headers.
  static let version = "0.1.0"

  /// Synchronous on purpose: an `async` main ends the main thread in `dispatch_main`'s `pthread_exit`, whose forced
  /// unwind reads ~1 MB of the binary's unwind tables (`.eh_frame_hdr`, `.eh_frame`: resident for the whole run).
  /// The app runs on the global executor instead while this thread waits; nothing in it needs the main queue.
  static func main() {
    let environment = ProcessEnvironment.read()
    let options: KumikiTUIOptions
    do {
      options = try KumikiTUIOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: environment)
    } catch {
      let lines = ["kumiki-tui: " + error.message] + error.details
      FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
      exit(64)  // EX_USAGE, as the CLI's
    }
    if options.help {
      FileHandle.standardOutput.write(Data(KumikiTUIOptions.helpText(version: version).utf8))
      exit(0)
    }
    if options.version {
      FileHandle.standardOutput.write(Data("kumiki-tui \(version)\n".utf8))
      exit(0)
    }
    // GnuTLS is in the process only because libcurl's LDAP and RTMP back ends link it (Kumiki's HTTPS is
    // OpenSSL's); its library constructor would initialise it when libcurl is opened (~0.7 MB resident, p11-kit's
    // modules, the system's priorities). Those back ends call `gnutls_global_init` themselves when used. Set here,
    // before any thread exists (setenv is not thread-safe), unless the user set it.
    setenv("GNUTLS_NO_IMPLICIT_INIT", "1", 0)
    let finished = DispatchSemaphore(value: 0)
    let status = Mutex<Int32>(1)
    Task.detached {
      let code = await run(options, environment: environment)
      status.withLock { $0 = code }
      finished.signal()
    }
    finished.wait()
    exit(status.withLock { $0 })
  }

  /// Runs the app with `options`; the exit status.
  static func run(_ options: KumikiTUIOptions, environment: [String: String]) async -> Int32 {
    // Refuse before starting anything when there is no terminal to draw on.
    do {
      try TerminalSession.checkSupport()
    } catch {
      FileHandle.standardError.write(Data(TUIApp.refusalMessage(for: error).utf8))
      return 1
    }
    let devTools = DevTools()
    // The recording file is created before anything starts: a path that cannot be written ends the run at once.
    var recorder: SessionRecorder?
    if let record = options.record {
      do {
        recorder = try SessionRecorder(path: record, app: "kumiki-tui", version: version)
      } catch {
        FileHandle.standardError.write(Data("kumiki-tui: --record: \(error)\n".utf8))
        return 73  // EX_CANTCREAT
      }
    }
    let live: LiveApp
    do {
      live = try await LiveApp.start(
        LaunchOptions(
          apiURL: options.launch.api, databasePath: options.launch.db, features: options.launch.features,
          environment: environment, middlewares: (recorder.map { [$0.middleware] } ?? []) + [devTools.middleware],
          fresh: options.launch.fresh, outboxActions: TUIOutbox.actions))
    } catch {
      FileHandle.standardError.write(Data("kumiki-tui: \(error)\n".utf8))
      // A bad option or environment value is a usage error (EX_USAGE, as the CLI's).
      return (error as? LaunchError)?.isUsage == true ? 64 : 1
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
        return 1
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
          continuation.yield(TUIOutbox(status: view.status, lines: view.lines, ids: view.ids, notices: view.notices))
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in feeding.cancel() }
    }
    let status = await TUIApp.run(
      app: live.runtime,
      options: TUIOptions(
        color: !options.noColor && TUIOptions.colorAllowedByEnvironment(), devTools: devTools,
        appVersion: ("kumiki-tui", version), launchApp: false,
        activity: { activity.inFlight }, offline: { reachability.unreachableStatus }, outbox: outbox,
        // The outbox list's `r` and `d`: what `kumiki outbox retry ID` and `discard ID` do, on this app.
        resolveOutbox: { id, choice in
          switch choice {
          case .retry: await live.retryOutboxEntry(id)
          case .discard: await live.discardOutboxEntry(id)
          }
        },
        onFrame: onFrame))
    await live.shutdown()
    if let recorder {
      recorder.file.close()
      if let problem = recorder.problem {
        FileHandle.standardError.write(Data("kumiki-tui: --record: \(problem)\n".utf8))
      }
    }
    return status
  }
}
