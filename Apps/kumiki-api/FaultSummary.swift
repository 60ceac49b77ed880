import FixtureServer

/// `* latency=200; notes status=500` — the plan on one line for the start-up banner.
struct FaultSummary: CustomStringConvertible {
  let plan: FaultPlan

  init(_ plan: FaultPlan) {
    self.plan = plan
  }

  var description: String {
    var scopes: [String] = []
    if !plan.global.isEmpty { scopes.append("* " + plan.global.map(\.description).joined(separator: ", ")) }
    for name in plan.endpoints.keys.sorted() {
      scopes.append(name + " " + plan[.endpoint(name)].map(\.description).joined(separator: ", "))
    }
    return scopes.joined(separator: "; ")
  }
}
