extension Scenario {
  /// The scenarios every feature has, with no file of its own, in the order `make scenarios` lists them.
  public static let standard: [Scenario] = [
    Scenario(name: "fresh", summary: "First launch: an empty state folder, the sample data answered at once."),
    Scenario(
      name: "offline", summary: "Cached data, API down: the screens loaded once, then the API stopped.",
      api: ScenarioAPI(down: true), cache: .warm),
    Scenario(
      name: "cold-offline", summary: "No cache, API down: a first launch without a network.",
      api: ScenarioAPI(down: true)),
    Scenario(
      name: "slow", summary: "Every answer 2 s late: what shows while requests are in flight.",
      api: ScenarioAPI(latency: 2000)),
    Scenario(
      name: "failing", summary: "Every request answers 500 Internal Server Error.",
      api: ScenarioAPI(statuses: [ScenarioStatus(resource: "*", code: 500)])),
    Scenario(
      name: "empty", summary: "Every list empty (singular resources kept).", api: ScenarioAPI(empty: .all)),
  ]

  /// The standard scenario everything starts from when none is named.
  public static let defaultName = "fresh"
}
