import FeatureKit
import MutationKit
import Testing

/// `Mutation.reduce(_:)` alone: the one place a write is decided.
@Suite struct MutationTests {
  typealias Send = Mutation<String, Int>

  @Test func submitStartsAWriteWithANewTokenAndASecondSubmitWhileSendingIsIgnored() {
    var changed: Bool
    var mutation = Send()
    changed = mutation.reduce(.submit("a"))
    #expect(changed)
    #expect(mutation == Send(phase: .sending("a"), request: 1, startsWrite: true))
    #expect(mutation.isSending)
    changed = mutation.reduce(.submit("b"))
    #expect(!changed)
    #expect(mutation == Send(phase: .sending("a"), request: 1, startsWrite: false))
  }

  @Test func onlyTheAnswerToTheLatestRequestLands() {
    var changed: Bool
    var mutation = Send(phase: .sending("a"), request: 2)
    changed = mutation.reduce(.succeeded(7, request: 1))
    #expect(!changed)
    changed = mutation.reduce(.failed("old", request: 1))
    #expect(!changed)
    changed = mutation.reduce(.queued(pending: 1, request: 3))
    #expect(!changed)
    #expect(mutation.phase == .sending("a"))
    changed = mutation.reduce(.succeeded(7, request: 2))
    #expect(changed)
    #expect(mutation.phase == .sent(7))
    #expect(mutation.phase.output == 7)
    // Answered: a repeated answer changes nothing.
    changed = mutation.reduce(.failed("late", request: 2))
    #expect(!changed)
    #expect(mutation.phase == .sent(7))
  }

  @Test func aFailureKeepsTheInputAndRetrySendsItAgain() {
    var changed: Bool
    var mutation = Send(phase: .sending("a"), request: 1)
    mutation.reduce(.failed("The server failed.", request: 1))
    #expect(mutation.phase == .failed("a", message: "The server failed."))
    #expect(mutation.phase.failure == "The server failed.")
    changed = mutation.reduce(.retry)
    #expect(changed)
    #expect(mutation == Send(phase: .sending("a"), request: 2, startsWrite: true))
    // Retry is only for a failure.
    changed = mutation.reduce(.retry)
    #expect(!changed)
    mutation.reduce(.succeeded(1, request: 2))
    changed = mutation.reduce(.retry)
    #expect(!changed)
  }

  @Test func queuedIsItsOwnOutcomeNotAnError() {
    var changed: Bool
    var mutation = Send(phase: .sending("a"), request: 1)
    changed = mutation.reduce(.queued(pending: 1, request: 1))
    #expect(changed)
    #expect(mutation.phase == .queued("a", pending: 1))
    #expect(mutation.phase.queuedNote == "1 change waiting to send")
    #expect(mutation.phase.failure == nil)
    changed = mutation.reduce(.retry)
    #expect(!changed)
    var three = Send(phase: .sending("b"), request: 4)
    three.reduce(.queued(pending: 3, request: 4))
    #expect(three.phase.queuedNote == "3 changes waiting to send")
  }

  @Test func resetForgetsTheOutcomeButNeverASendInFlight() {
    var changed: Bool
    var sending = Send(phase: .sending("a"), request: 1)
    changed = sending.reduce(.reset)
    #expect(!changed)
    #expect(sending.isSending)
    var failed = Send(phase: .failed("a", message: "no"), request: 1)
    changed = failed.reduce(.reset)
    #expect(changed)
    #expect(failed == Send(phase: .idle, request: 1))
    changed = failed.reduce(.reset)
    #expect(!changed)
  }

  @Test func rejectShowsTheBrokenRuleWithoutStartingAnything() {
    var mutation = Send(startsWrite: true)
    mutation.reject("", message: "Name is required")
    #expect(mutation == Send(phase: .failed("", message: "Name is required")))
    var sending = Send(phase: .sending("a"), request: 1)
    sending.reject("", message: "Name is required")
    #expect(sending.phase == .sending("a"))
  }

  @Test func itReadsWellInDevTools() {
    #expect(String(reflecting: Mutation<String, Int>.Action.submit("a")) == #"submit("a")"#)
    #expect(String(reflecting: Mutation<String, Int>.Action.failed("no", request: 2)) == #"failed("no", request: 2)"#)
  }
}
