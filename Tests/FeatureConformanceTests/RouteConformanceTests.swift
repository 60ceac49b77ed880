import CompositionRoot
import CompositionRootTesting
import FeatureAssembly
import FeatureKit
import Foundation
import TUI
import Terminal
import Testing

/// Every route every registered mount declares, opened with its parameters' samples in both apps over the live app
/// and the fixture server: `kumiki open <route> --json` names the mount's command and succeeds with JSON; in the
/// TUI the route switches to the mount's tab, its screen shows no error once settled, and Esc comes back to the tab
/// the user was on. No test code per feature.
@Suite("Every feature's routes", .serialized, .timeLimit(.minutes(3)))
struct RouteConformanceTests {
  @Test("each declared route opens in the CLI and the TUI", arguments: Mount.all)
  func routes(_ mount: Mount) async throws {
    let declared = try LiveApp.introspection(features: [mount.key]).declaredRoutes
    guard !declared.isEmpty else { return }
    let backend = try await FixtureBackend()
    let folder = FileManager.default.temporaryDirectory.appending(path: "kumiki-routes-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      for route in declared {
        #expect(route.owner == mount.key, "\(route.pattern) is not declared under its mount's key")
        #expect(!route.declaration.abstract.isEmpty, "\(route.pattern) has no abstract")
        let sample = route.sample.description
        let run = try await CommandConformanceTests().run(
          ["open", sample, "--json"], api: backend.url, folder: folder)
        #expect(run.status == 0, "kumiki open \(sample) --json exited \(run.status): \(run.error)")
        #expect(run.error.hasPrefix("open: kumiki \(mount.key) "), "kumiki open \(sample): \(run.error)")
        let parsed = try? JSONSerialization.jsonObject(with: Data(run.output.utf8), options: [.fragmentsAllowed])
        #expect(parsed != nil, "kumiki open \(sample) --json printed no JSON: \(run.output.prefix(200))")
      }
      try await openInTheTUI(mount, declared, api: backend.url)
    } catch {
      await backend.shutdown()
      throw error
    }
    await backend.shutdown()
  }

  /// Opens each route as the TUI does (``TUIState/open(_:tab:count:)``, from another tab when there is one) and
  /// comes back with Esc.
  func openInTheTUI(_ mount: Mount, _ declared: [AppRuntime.DeclaredRoute], api: URL) async throws {
    let app = try await RunningApp(api: api)
    do {
      try await open(declared, of: mount, in: app)
    } catch {
      await app.shutdown()
      throw error
    }
    await app.shutdown()
  }

  func open(_ declared: [AppRuntime.DeclaredRoute], of mount: Mount, in app: RunningApp) async throws {
    await app.idle()
    let tabs = app.tabs
    let owner = try #require(tabs.firstIndex { $0.key == mount.key }, "\(mount.key) declares routes but has no tab")
    let start = owner == 0 && tabs.count > 1 ? 1 : 0
    for route in declared {
      var state = TUIState(size: Size(width: 100, height: 40))
      state.selectedTab = start
      let target = try app.runtime.resolve(route.sample)
      for case .dispatch(let action) in state.open(target, tab: owner, count: tabs.count) {
        app.runtime.store.dispatch(action)
      }
      #expect(state.selectedTab == owner, "\(route.sample) did not switch to \(mount.key)'s tab")
      app.runtime.appear(slot: tabs[owner].slot)
      await app.idle()
      let view = try #require(app.runtime.view(slot: tabs[owner].slot), "\(mount.key) has no screen")
      #expect(view.firstErrorMessage == nil, "\(route.sample): \(view.firstErrorMessage ?? "")")
      let back = state.handle(.key(KeyEvent(.escape)), in: TUIContext(tabCount: tabs.count, view: view))
      #expect(state.selectedTab == start, "Esc after \(route.sample) did not come back")
      for case .dispatch(let action) in back { app.runtime.store.dispatch(action) }
      await app.idle()
    }
  }
}
