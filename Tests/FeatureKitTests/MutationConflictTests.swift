import Core
import CoreTesting
import FeatureKit
import Foundation
import MutationKit
import Networking
import Testing

/// A write the server refuses with `412` (the item changed since the screen showed it): the reducer decides the
/// conflict and its three ways out, the middleware carries them out — Keep mine sent without the condition.
@Suite struct MutationConflictTests {
  typealias Send = Mutation<String, Int>
  typealias Member = SignupForm.Member
  typealias Signup = SignupForm.Signup

  private static let ada = Signup(name: "Ada")
  private static let conflict = HTTPError.clientError(status: 412, url: SignupForm.url)
  private static let message = "Someone else changed this since you opened it; nothing was saved (412)."

  @Test func aConflictKeepsTheInputAndOnlyTheLatestRequestsLands() {
    var changed: Bool
    var mutation = Send(phase: .sending("mine"), request: 2)
    changed = mutation.reduce(.conflict("changed", request: 1))
    #expect(!changed)
    changed = mutation.reduce(.conflict("changed", request: 2))
    #expect(changed)
    #expect(mutation.phase == .conflict("mine", message: "changed"))
    #expect(mutation.phase.failure == nil)  // not a failure to retry blindly
    #expect(!mutation.isSending)
    changed = mutation.reduce(.conflict("again", request: 2))
    #expect(!changed)  // answered already
  }

  @Test func keepMineResendsTheInputOverridingTheConditionAndOnlyFromAConflict() {
    var changed: Bool
    var mutation = Send(phase: .conflict("mine", message: "changed"), request: 1)
    changed = mutation.reduce(.retry)
    #expect(changed)
    #expect(mutation == Send(phase: .sending("mine"), request: 2, startsWrite: true, overrides: true))
    mutation.reduce(.succeeded(3, request: 2))
    // A later write is conditional again, and a retry after a plain failure does not override.
    mutation.reduce(.submit("next"))
    #expect(!mutation.overrides)
    mutation.reduce(.failed("down", request: 3))
    mutation.reduce(.retry)
    #expect(mutation == Send(phase: .sending("next"), request: 4, startsWrite: true, overrides: false))
  }

  @Test func takeTheirsAndEditAgainResetTheWriteWithoutSending() {
    var changed: Bool
    var mutation = Send(phase: .conflict("mine", message: "changed"), request: 1)
    changed = mutation.reduce(.reset)
    #expect(changed)
    #expect(mutation == Send(phase: .idle, request: 1))
    // Edit again: the next submit is an ordinary (conditional) write.
    changed = mutation.reduce(.submit("edited"))
    #expect(changed)
    #expect(mutation == Send(phase: .sending("edited"), request: 2, startsWrite: true, overrides: false))
  }

  @Test func a412AnswersConflictAndKeepMineSendsWithoutTheConditionAndANewKey() async {
    let overrides = Recorder<Bool>()
    let keys = Recorder<String?>()
    let store = TestStore(
      initialState: SignupForm.State(), reducer: SignupForm.reducer,
      middlewares: [
        SignupForm.middleware { signup in
          let intent = WriteIntent.current
          overrides.append(intent?.overrides ?? false)
          keys.append(intent?.idempotencyKey)
          intent?.idempotencyKey = "key-\(keys.values.count)"  // what the query layer records
          if overrides.values.count == 1 { throw Self.conflict }
          return Member(id: 1, name: signup.name)
        }
      ])
    await store.send(.send(.submit(Self.ada))) {
      $0.send = Mutation(phase: .sending(Self.ada), request: 1, startsWrite: true)
    }
    await store.receive(.send(.conflict(Self.message, request: 1))) {
      $0.send = Mutation(phase: .conflict(Self.ada, message: Self.message), request: 1)
    }
    await store.send(.send(.retry)) {
      $0.send = Mutation(phase: .sending(Self.ada), request: 2, startsWrite: true, overrides: true)
    }
    await store.receive(.send(.succeeded(Member(id: 1, name: "Ada"), request: 2))) {
      $0.send = Mutation(phase: .sent(Member(id: 1, name: "Ada")), request: 2, overrides: true)
    }
    await store.finish()
    #expect(overrides.values == [false, true])
    #expect(keys.values == [nil, nil])  // Keep mine is a new request: not the conflicting attempt's key
  }

  @Test func aRefusalThatIsNotA412StaysAFailure() async {
    let store = TestStore(
      initialState: SignupForm.State(), reducer: SignupForm.reducer,
      middlewares: [SignupForm.middleware { _ in throw HTTPError.clientError(status: 422, url: SignupForm.url) }])
    let message = HTTPError.clientError(status: 422, url: SignupForm.url).description
    await store.send(.send(.submit(Self.ada))) {
      $0.send = Mutation(phase: .sending(Self.ada), request: 1, startsWrite: true)
    }
    await store.receive(.send(.failed(message, request: 1))) {
      $0.send = Mutation(phase: .failed(Self.ada, message: message), request: 1)
    }
    await store.finish()
  }
}
