import FixtureServer
import Testing

@Suite("FaultScope: spelling")
struct FaultScopeTests {
  @Test("* is global, anything else names an endpoint")
  func spelling() {
    #expect(FaultScope("*") == .global)
    #expect(FaultScope("recent_news") == .endpoint("recent_news"))
    #expect(FaultScope.global.description == "*")
    #expect(FaultScope.endpoint("x").description == "x")
  }
}
