import FixtureServer
import Testing

@Suite("InjectedFault: spellings")
struct InjectedFaultTests {
  @Test(
    "every spelling parses and prints back canonically",
    arguments: [
      ("latency=250", InjectedFault.latency(milliseconds: 250)),
      ("status=503", .status(503)),
      ("malformed-json", .malformedJSON),
      ("truncated-body", .truncatedBody),
      ("wrong-types", .wrongFieldTypes),
      ("huge-body=1000", .hugeBody(bytes: 1000)),
      ("reset", .connectionReset),
      ("drop-answer", .answerDropped),
    ])
  func roundTrip(spelling: String, fault: InjectedFault) throws {
    #expect(try InjectedFault(parsing: spelling) == fault)
    #expect(fault.description == spelling)
  }

  @Test("huge-body defaults to 8 MiB; spaces and case are ignored")
  func lenientForms() throws {
    #expect(try InjectedFault(parsing: "huge-body") == .hugeBody(bytes: 8 << 20))
    #expect(try InjectedFault(parsing: "  Status=500 ") == .status(500))
  }

  @Test("huge-body is capped at 64 MiB (it took 1 GiB, and twice that in memory per request)")
  func hugeBodyCap() throws {
    #expect(InjectedFault.maximumHugeBodyBytes == 64 << 20)
    #expect(try InjectedFault(parsing: "huge-body=67108864") == .hugeBody(bytes: 64 << 20))
    #expect(throws: FaultSpecError.self) { try InjectedFault(parsing: "huge-body=67108865") }
    #expect(throws: FaultSpecError.self) { try InjectedFault(parsing: "huge-body=1073741824") }
  }

  @Test(
    "bad spellings are rejected with a reason",
    arguments: [
      "", "slow", "latency", "latency=-1", "latency=abc", "status=99", "status=600", "reset=1", "huge-body=0",
      "drop-answer=1",
    ])
  func rejected(spelling: String) {
    #expect(throws: FaultSpecError.self) { try InjectedFault(parsing: spelling) }
  }
}
