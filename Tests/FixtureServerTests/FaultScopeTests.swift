import FixtureServer
import Testing

@Suite("FaultScope: spelling")
struct FaultScopeTests {
  @Test("* is global, anything else names an endpoint")
  func spelling() {
    #expect(FaultScope("*") == .global)
    #expect(FaultScope("posts") == .endpoint("posts"))
    #expect(FaultScope.global.description == "*")
    #expect(FaultScope.endpoint("x").description == "x")
  }
}
