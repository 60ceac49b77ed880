import FixtureData
import FixtureServer
import Testing

@Suite("FaultPlan: scopes, rules and JSON form")
struct FaultPlanTests {
  @Test("an endpoint gets the global faults followed by its own")
  func combination() {
    var plan = FaultPlan(global: [.latency(milliseconds: 5)])
    plan[.endpoint("posts")] = [.status(500)]
    #expect(plan.faults(forResource: "posts") == [.latency(milliseconds: 5), .status(500)])
    #expect(plan.faults(forResource: "photos") == [.latency(milliseconds: 5)])
  }

  @Test("setting an empty list clears a scope")
  func clearing() {
    var plan = FaultPlan(endpoints: ["a": [.connectionReset]])
    plan[.endpoint("a")] = []
    #expect(plan.isEmpty)
    #expect(plan.endpoints.isEmpty)
  }

  @Test("--fault rules: bare is global, name: is an endpoint, *: is global")
  func rules() throws {
    var plan = FaultPlan()
    try plan.add(rule: "latency=10")
    try plan.add(rule: "posts:status=502")
    try plan.add(rule: "*:reset")
    #expect(
      plan
        == FaultPlan(
          global: [.latency(milliseconds: 10), .connectionReset], endpoints: ["posts": [.status(502)]]))
    #expect(throws: FaultSpecError.self) { try plan.add(rule: ":reset") }
    #expect(throws: FaultSpecError.self) { try plan.add(rule: "posts:nope") }
  }

  @Test("the JSON form round-trips and rejects wrong shapes")
  func jsonForm() throws {
    let plan = FaultPlan(global: [.malformedJSON], endpoints: ["b": [.truncatedBody], "a": [.status(404)]])
    #expect(
      JSONWriter(prettyPrinted: false).string(of: plan.json)
        == #"{"global":["malformed-json"],"endpoints":{"a":["status=404"],"b":["truncated-body"]}}"#)
    #expect(try FaultPlan(json: plan.json) == plan)
    #expect(throws: FaultSpecError.self) { try FaultPlan(json: try json(#"{"global": "reset"}"#)) }
    #expect(throws: FaultSpecError.self) { try FaultPlan(json: try json(#"{"globl": []}"#)) }
    #expect(throws: FaultSpecError.self) { try FaultPlan(json: try json(#"[]"#)) }
  }
}
