/// What the response cache holds when a scenario's run starts.
public enum ScenarioCache: String, Sendable, Hashable, CaseIterable {
  /// Nothing: the state folder is empty.
  case none
  /// The feature's screens were each loaded once from the API (the scenario's data, without its faults) before the
  /// run; the answers are past their max-age when the app starts (`KUMIKI_CACHE_MAX_AGE=0`), so every screen asks
  /// the API again and, when it cannot be reached, shows them marked offline.
  case warm
}
