extension LiveApp {
  /// Shows each screen once, one after the other, and returns when the app is idle again: every screen's first
  /// load has answered, so the response cache holds what the screens read. How the playground warms the cache of a
  /// scenario that starts with cached data (`offline`), and how the conformance suite reaches the same state.
  public func loadEveryScreen() async {
    await runtime.store.idle()
    for feature in runtime.features where feature.hasScreen {
      runtime.appear(slot: feature.slot)
      await runtime.store.idle()
    }
  }
}
