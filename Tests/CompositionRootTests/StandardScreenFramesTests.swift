import CompositionRoot
import CoreTesting
import FeatureKit
import FixtureData
import FixtureServer
import Foundation
import Glibc
import Presentation
import Synchronization
import TUI
import TUITesting
import Terminal
import Testing

/// Golden frames of the app as shipped: every standard screen (Home, Archive, Favorite, Profile) in every state —
/// loading, error, content, empty — plus the onboarding overlay, help and DevTools, drawn by the TUI at 100×30 and
/// 60×20. The data comes over HTTP from the real fixture server (or a server that never answers, for loading).
/// Re-record after an intended change with `KUMIKI_RECORD_SNAPSHOTS=1 make test MODULE=CompositionRoot`, then review the
/// diff of `__Snapshots__/`.
@Suite("Golden frames of the standard screens", .serialized, .timeLimit(.minutes(2)))
struct StandardScreenFramesTests {
  static let sizes = [Size(width: 100, height: 30), Size(width: 60, height: 20)]

  enum Phase: String, CaseIterable, Sendable {
    case loading, error, content, empty
  }

  @Test("every tab in each phase", arguments: Phase.allCases)
  func everyTab(in phase: Phase) async throws {
    let backend = try await Backend(phase)
    let app = try await ScreensApp(api: backend.url)
    try await shuttingDown(app, backend) {
      try await app.dismissOnboarding()
      for (index, tab) in app.tabs.enumerated() {
        app.runtime.appear(slot: tab.slot)
        try await app.until("\(tab.key) \(phase)", slot: tab.slot) { view in
          // Archive (both mounts) also reads its saved items from the database, independently of the network: wait for that
          // count too, or the frame would depend on which finished first.
          let local = !["archive", "curry"].contains(tab.key) || view.plainText.contains { $0.contains("Saved (") }
          return switch phase {
          case .loading: local && view.containsSpinner
          case .error: local && !view.containsSpinner && view.firstErrorMessage != nil
          case .content, .empty: local && !view.containsSpinner && view.firstErrorMessage == nil
          }
        }
        for size in Self.sizes {
          var state = TUIState(size: size)
          state.selectedTab = index
          // Error messages name the URL: a 5-character stand-in for the 5-digit port keeps the layout and makes
          // the frame the same on every run.
          let text = app.frame(state).replacingOccurrences(of: ":\(backend.url.port ?? 0)/", with: ":PORT_/")
          assertSnapshot(text, named: "\(tab.key)-\(phase)-\(size.width)x\(size.height)")
        }
      }
    }
  }

  @Test("the onboarding overlay over Home on first launch, help, and DevTools paused on the loaded content")
  func overlays() async throws {
    let backend = try await Backend(.content)
    // Home alone: its actions arrive in one order, so the DevTools history is the same on every run.
    let app = try await ScreensApp(api: backend.url, features: ["onboarding", "home"])
    try await shuttingDown(app, backend) {
      let home = try #require(app.tabs.first)
      _ = try await app.onboardingOverlay()  // its saved flag read first, then Home's request
      app.runtime.appear(slot: home.slot)
      try await app.until("home content", slot: home.slot) { !$0.containsSpinner && $0.firstErrorMessage == nil }
      for size in Self.sizes {
        assertSnapshot(app.frame(TUIState(size: size)), named: "onboarding-\(size.width)x\(size.height)")
      }
      try await app.dismissOnboarding()
      try await app.onboardingSaved()  // the last action of the history, written asynchronously
      for size in Self.sizes {
        var state = TUIState(size: size)
        state.isHelpVisible = true
        assertSnapshot(app.frame(state), named: "help-\(size.width)x\(size.height)")
        state = TUIState(size: size)
        let loaded = try #require(
          app.devTools.entries.lastIndex { "\($0.action)".contains("loaded") }, "a loaded action in the history")
        state.devTools = .init(isVisible: true, position: loaded)
        assertSnapshot(app.frame(state), named: "devtools-\(size.width)x\(size.height)")
      }
    }
  }

  @Test("Archive searching as you type: the keyword typed (the highlight follows it at once), then its results")
  func liveSearch() async throws {
    let backend = try await Backend(.content)
    let clock = TestClock()
    let app = try await ScreensApp(api: backend.url, features: ["archive"], clock: clock)
    try await shuttingDown(app, backend) {
      let tab = try #require(app.tabs.first)
      app.runtime.appear(slot: tab.slot)
      try await app.until("archive content", slot: tab.slot) { view in
        !view.containsSpinner && view.plainText.contains { $0.contains("36 results") }
          && view.plainText.contains { $0.contains("Saved (") }
      }
      let focusables = FocusCollector.focusables(in: try #require(app.runtime.view(slot: tab.slot)))
      let index = try #require(focusables.firstIndex { $0.kind == .textField })
      let field = try #require(focusables[index].field)
      // What the TUI dispatches for each typed character: the field's change with the whole text.
      for text in ["カ", "カレ", "カレー"] { app.runtime.store.dispatch(field.change(text)) }
      func frames(_ name: String) {
        for size in Self.sizes {
          var state = TUIState(size: size)
          state.focus[0] = index
          state.editing = TextEditing(fieldID: field.id, text: "カレー")
          assertSnapshot(app.frame(state), named: "archive-\(name)-\(size.width)x\(size.height)")
        }
      }
      frames("typing")
      clock.advance(by: .milliseconds(300))
      try await app.until("カレー results", slot: tab.slot) { view in
        view.plainText.contains { $0.contains("10 results") }
      }
      frames("typed")
    }
  }

  @Test("Profile's edit form: unchanged (Save disabled), invalid (message), valid, failed (error, Retry), saving")
  func editProfileForm() async throws {
    let server = try await Backend.startServer(.init(port: 0))
    let app = try await ScreensApp(api: server.baseURL, features: ["profile"])
    do {
      let tab = try #require(app.tabs.first)
      app.runtime.appear(slot: tab.slot)
      try await app.until("profile content", slot: tab.slot) { !$0.containsSpinner && $0.firstErrorMessage == nil }
      func element(_ label: String) throws -> Focusable<AppAction> {
        let view = try #require(app.runtime.view(slot: tab.slot))
        return try #require(FocusCollector.focusables(in: view).first { $0.label == label }, "no \(label)")
      }
      func frames(_ name: String) {
        for size in Self.sizes {
          let text = app.frame(TUIState(size: size)).replacingOccurrences(
            of: ":\(server.baseURL.port ?? 0)/", with: ":PORT_/")
          assertSnapshot(text, named: "profile-edit-\(name)-\(size.width)x\(size.height)")
        }
      }
      app.runtime.store.dispatch(try #require(try element("Edit profile").action))
      frames("unchanged")
      #expect(try element("Save").isEnabled == false)
      app.runtime.store.dispatch(try #require(try element("Nickname").field).change(""))
      frames("invalid")
      #expect(try element("Save").isEnabled == false)
      app.runtime.store.dispatch(try #require(try element("Nickname").field).change("カレー部長"))
      frames("valid")
      #expect(try element("Save").isEnabled == true)
      server.setFaults([.status(500)], for: .endpoint("profile_personal"))
      app.runtime.store.dispatch(try #require(try element("Save").action))
      try await app.until("save failed", slot: tab.slot) { $0.firstOverlay?.content.firstErrorMessage != nil }
      frames("failed")
      server.setFaults([.latency(milliseconds: 500)], for: .endpoint("profile_personal"))
      app.runtime.store.dispatch(try #require(try element("Retry").action))
      frames("saving")
      try await app.until("saved", slot: tab.slot) { view in
        view.firstOverlay == nil && view.plainText.contains { $0.contains("カレー部長") }
      }
    } catch {
      await app.shutdown()
      await server.shutdown()
      throw error
    }
    await app.shutdown()
    await server.shutdown()
  }

  /// Runs `body`, then shuts the app and the backend down — also when it throws.
  func shuttingDown(_ app: ScreensApp, _ backend: Backend, _ body: () async throws -> Void) async throws {
    do {
      try await body()
    } catch {
      await app.shutdown()
      await backend.shutdown()
      throw error
    }
    await app.shutdown()
    await backend.shutdown()
  }
}

/// The standard features over HTTP, on a fresh database, recorded by DevTools with a fixed clock.
struct ScreensApp {
  let live: LiveApp
  let devTools: DevTools
  let folder: TemporaryFolder
  var runtime: AppRuntime { live.runtime }
  var tabs: [MountedFeature] { TUIApp.screens(of: runtime) }

  init(api: URL, features: [String] = [], clock: any Clock<Duration> = ContinuousClock()) async throws {
    folder = try TemporaryFolder()
    let start = Date(timeIntervalSince1970: 1_795_253_400)  // 2026-11-15T09:30:00Z
    let ticks = TickCounter()
    devTools = DevTools(now: { start.addingTimeInterval(Double(ticks.next()) * 0.25) })
    live = try await LiveApp.start(
      LaunchOptions(
        apiURL: api, databasePath: folder.path + "/kumiki.sqlite", features: features,
        environment: ["KUMIKI_TIMEOUT": "60"], middlewares: [devTools.middleware], clock: clock))
  }

  /// The whole frame the TUI draws for `state`, without colours.
  func frame(_ state: TUIState) -> String {
    TUIApp.frame(
      app: runtime, state: state, devTools: devTools, theme: .monochrome, timeZone: TimeZone(identifier: "UTC")!
    ).buffer.text
  }

  /// The onboarding overlay, once shown (on a fresh database, after its saved flag was read).
  func onboardingOverlay() async throws -> OverlayNode<AppAction> {
    let onboarding = try #require(runtime.features.first { $0.placement == .overlay })
    let runtime = self.runtime
    return try await value { state in runtime.view(slot: onboarding.slot, in: state).flatMap(\.firstOverlay) }
  }

  /// Waits until the onboarding overlay is shown, dismisses it and waits until it is gone.
  func dismissOnboarding() async throws {
    let onboarding = try #require(runtime.features.first { $0.placement == .overlay })
    let overlay = try await onboardingOverlay()
    runtime.store.dispatch(try #require(overlay.dismiss))
    let runtime = self.runtime
    _ = try await value { state in
      runtime.view(slot: onboarding.slot, in: state).flatMap(\.firstOverlay) == nil ? true : nil
    }
  }

  /// Waits until the onboarding's completion is saved (`kumiki onboarding status` says so).
  func onboardingSaved() async throws {
    let runtime = self.runtime
    let status = try #require(runtime.commands.first { $0.words == ["onboarding", "status"] })
    _ = try await value { state -> Bool? in
      guard case .success(_, let json) = status.output(state, CommandInput()), json == .object([("completed", true)])
      else { return nil }
      return true
    }
  }

  /// Waits until the view of `slot` satisfies `condition`.
  func until(
    _ what: String, slot: Int, _ condition: @escaping @Sendable (ViewNode<AppAction>) -> Bool
  ) async throws {
    let runtime = self.runtime
    _ = try await value { state in runtime.view(slot: slot, in: state).map(condition) == true ? true : nil }
  }

  /// The first non-nil `extract(state)`, checked now and after every state change (no polling, no sleeping).
  func value<T>(_ extract: @escaping @Sendable (AppState) -> T?) async throws -> T {
    for await state in runtime.store.values(select: { $0 }) {
      if let value = extract(state) { return value }
    }
    throw CancellationError()
  }

  func shutdown() async { await live.shutdown() }
}

/// What the app talks to in each phase: the fixture server (content), the same with every collection empty
/// (empty), answering 500 (error), or a socket that accepts connections and never answers (loading).
struct Backend {
  let url: URL
  private let server: FixtureServer?
  private let silent: SilentListener?

  init(_ phase: StandardScreenFramesTests.Phase) async throws {
    switch phase {
    case .loading:
      let listener = try SilentListener.onFiveDigitPort()
      silent = listener
      server = nil
      url = URL(string: "http://127.0.0.1:\(listener.port)")!
      return
    case .content, .error:
      server = try await Self.startServer(.init(port: 0))
    case .empty:
      let full = try FixtureDatabase.bundled.root
      let emptied = FixtureDatabase(
        root: JSONObject(
          full.members.map { member in
            if case .array = member.value { (member.key, .array([])) } else { (member.key, member.value) }
          }))
      server = try await Self.startServer(.init(port: 0, database: emptied))
    }
    if phase == .error {
      // One failing endpoint per feature: Home and Profile fetch several at once and report whichever fails
      // first, so failing them all would name a different URL from run to run.
      for endpoint in ["campaign_banners", "achive_images", "favorite_scenes", "profile_personal"] {
        server?.setFaults([.status(500)], for: .endpoint(endpoint))
      }
    }
    silent = nil
    url = server!.baseURL
  }

  func shutdown() async { await server?.shutdown() }

  /// A server on a 5-digit port: frames replace the port with a 5-character stand-in, which keeps the layout only
  /// when the lengths match (the ephemeral range is 5 digits by default, but a machine may configure otherwise).
  static func startServer(_ configuration: FixtureServer.Configuration) async throws -> FixtureServer {
    for _ in 0..<20 {
      let server = try await FixtureServer.start(configuration)
      if server.port >= 10_000 { return server }
      await server.shutdown()
    }
    throw POSIXError(.EADDRNOTAVAIL)
  }
}

/// A loopback socket that accepts connections (the kernel's backlog) and never answers: requests stay in flight.
final class SilentListener: Sendable {
  let port: Int
  private let descriptor: Int32

  init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ready = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        fd >= 0 && bind(fd, address, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, address, &length) == 0
      }
    }
    guard ready else {
      let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      if fd >= 0 { close(fd) }
      throw error
    }
    descriptor = fd
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  /// A listener on a 5-digit port (see ``Backend/startServer(_:)``).
  static func onFiveDigitPort() throws -> SilentListener {
    for _ in 0..<20 {
      let listener = try SilentListener()
      if listener.port >= 10_000 { return listener }
    }
    throw POSIXError(.EADDRNOTAVAIL)
  }

  deinit { close(descriptor) }
}

/// 0, 1, 2, … across threads.
final class TickCounter: Sendable {
  private let count = Mutex(0)

  func next() -> Int {
    count.withLock { value in
      defer { value += 1 }
      return value
    }
  }
}
