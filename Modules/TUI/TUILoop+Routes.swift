import FeatureAssembly
import FeatureKit

extension TUILoop {
  /// Opens the routes features asked for since the last event (a Recently Saved item chosen: `archive/item/6`): each
  /// is resolved against the mounts' declarations and opened by ``TUIState/open(_:tab:count:)``, which switches to
  /// the owner's tab; the owner's opening actions are dispatched at once, and the tab is told it appeared before the
  /// next frame. A route nobody declares, or with a bad argument, is refused in the status line.
  mutating func openRequestedRoutes() {
    let requests = app.routeRequests.take()
    guard !requests.isEmpty else { return }
    let screens = TUIApp.screens(of: app)
    for route in requests {
      do {
        let target = try app.resolve(route)
        let tab = screens.firstIndex { $0.slot == target.slot }
        for case .dispatch(let action) in state.open(target, tab: tab, count: screens.count) {
          app.store.dispatch(action)
        }
      } catch {
        state.message = error.description
      }
    }
  }
}
