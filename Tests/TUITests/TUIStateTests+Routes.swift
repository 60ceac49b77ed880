import FeatureAssembly
import FeatureKit
import Presentation
import Terminal
import Testing

@testable import TUI

/// Opening a route and coming back with Esc, as the pure UI state decides it.
@Suite("TUI routes")
struct TUIStateRouteTests {
  let target: RouteTarget

  init() throws {
    target = try FeatureRegistry([RouteAsker.module().erased, RouteOwner.module().erased]).assemble()
      .resolve(Route("owner", "show", .int(7)))
  }

  func context(tab: Int) -> TUIContext { TUIContext(tabCount: 3, view: .text("tab \(tab)")) }

  @Test func openSwitchesTabAndEscComesBackWithFocusAndOverlay() {
    var state = TUIState(size: Size(width: 80, height: 24))
    state.focus[0] = 2
    state.overlay = TUIState.OverlayFocus(title: "Campaign", focusBelow: 1)
    #expect(state.open(target, tab: 2, count: 3) == [.dispatch(target.open[0])])
    #expect(state.selectedTab == 2)
    #expect(state.overlay == nil)
    let back = state.handle(.key(KeyEvent(.escape)), in: context(tab: 2))
    #expect(back == [.dispatch(target.close[0])])
    #expect(state.selectedTab == 0)
    #expect(state.focus[0] == 2)
    #expect(state.overlay?.title == "Campaign")
    #expect(state.routeReturns.isEmpty)
  }

  @Test func afterAnotherTabEscNoLongerGoesBack() {
    var state = TUIState(size: Size(width: 80, height: 24))
    _ = state.open(target, tab: 2, count: 3)
    _ = state.handle(.key(KeyEvent(.character("2"))), in: context(tab: 2))
    #expect(state.selectedTab == 1)
    #expect(state.handle(.key(KeyEvent(.escape)), in: context(tab: 1)) == [])
    #expect(state.selectedTab == 1)
    #expect(state.routeReturns.isEmpty)
  }

  @Test func anOwnerWithoutATabIsRefused() {
    var state = TUIState(size: Size(width: 80, height: 24))
    #expect(state.open(target, tab: nil, count: 3) == [])
    #expect(state.message == "owner/show/7 has no screen in this app")
    #expect(state.selectedTab == 0)
  }

  @Test func theWayBackIsBounded() {
    var state = TUIState(size: Size(width: 80, height: 24))
    for _ in 0..<(TUIState.routeDepth + 3) { _ = state.open(target, tab: 2, count: 3) }
    #expect(state.routeReturns.count == TUIState.routeDepth)
  }
}
