import FeatureKit
import Testing

@Suite struct AppEventScreenLoadTests {
  enum Action: Equatable { case appear, refresh }

  @Test(arguments: [
    (AppEvent.appear, Action?.some(.appear)), (.refreshAll, .refresh), (.launch, nil), (.terminate, nil),
  ])
  func aScreenLoadsOnAppearAndReloadsOnRefreshOnly(_ event: AppEvent, _ expected: Action?) {
    #expect(event.screenLoad(appear: Action.appear, refresh: .refresh) == expected)
  }
}
