import Core
import CoreTesting
import FeatureKit
import Foundation
import MutationKit
import Networking
import Testing

/// `Middleware.mutation(...)` through a test store: it carries out exactly what the reducer decided — one write
/// per accepted submit, its answer landing with the request's token.
@Suite struct MutationMiddlewareTests {
  typealias Member = SignupForm.Member
  typealias Signup = SignupForm.Signup

  private func makeStore(
    _ write: @escaping @Sendable (Signup) async throws -> Member
  ) -> TestStore<SignupForm.State, SignupForm.Action> {
    TestStore(
      initialState: SignupForm.State(), reducer: SignupForm.reducer, middlewares: [SignupForm.middleware(write)])
  }

  private static let ada = Signup(name: "Ada")

  @Test func anAcceptedWriteLandsAsSent() async {
    let sent = Recorder<Signup>()
    let store = makeStore { signup in
      sent.append(signup)
      return Member(id: 1, name: signup.name)
    }
    await store.send(.send(.submit(Self.ada))) {
      $0.send = Mutation(phase: .sending(Self.ada), request: 1, startsWrite: true)
    }
    await store.receive(.send(.succeeded(Member(id: 1, name: "Ada"), request: 1))) {
      $0.send = Mutation(phase: .sent(Member(id: 1, name: "Ada")), request: 1)
    }
    await store.finish()
    #expect(sent.values == [Self.ada])
  }

  @Test func aSecondSubmitWhileSendingSendsNothingAndTheControlsReadSending() async {
    let sent = Recorder<Signup>()
    let (arrived, answer) = (ArrivalGate(count: 2), ArrivalGate(count: 2))
    let store = makeStore { signup in
      sent.append(signup)
      await arrived.arrive()
      await answer.arrive()
      return Member(id: 1, name: signup.name)
    }
    await store.send(.send(.submit(Self.ada))) {
      $0.send = Mutation(phase: .sending(Self.ada), request: 1, startsWrite: true)
    }
    await arrived.arrive()  // the write is at the server
    await store.send(.send(.submit(Signup(name: "Bob")))) { $0.send.startsWrite = false }
    await store.send(.nameEdited("Bob"))  // the field reads `isSending` and ignores edits
    await answer.arrive()
    await store.receive(.send(.succeeded(Member(id: 1, name: "Ada"), request: 1))) {
      $0.send = Mutation(phase: .sent(Member(id: 1, name: "Ada")), request: 1)
    }
    await store.finish()
    #expect(sent.values == [Self.ada])
  }

  @Test func aFailureShowsItsMessageAndRetrySendsTheSameInput() async {
    let attempts = Recorder<Signup>()
    let store = makeStore { signup in
      attempts.append(signup)
      if attempts.values.count == 1 { throw HTTPError.serverError(status: 500, url: SignupForm.url) }
      return Member(id: 2, name: signup.name)
    }
    let message = HTTPError.serverError(status: 500, url: SignupForm.url).description
    await store.send(.send(.submit(Self.ada))) {
      $0.send = Mutation(phase: .sending(Self.ada), request: 1, startsWrite: true)
    }
    await store.receive(.send(.failed(message, request: 1))) {
      $0.send = Mutation(phase: .failed(Self.ada, message: message), request: 1)
    }
    await store.send(.send(.retry)) { $0.send = Mutation(phase: .sending(Self.ada), request: 2, startsWrite: true) }
    await store.receive(.send(.succeeded(Member(id: 2, name: "Ada"), request: 2))) {
      $0.send = Mutation(phase: .sent(Member(id: 2, name: "Ada")), request: 2)
    }
    await store.finish()
    #expect(attempts.values == [Self.ada, Self.ada])
  }

  @Test func aWriteKeptInTheOutboxLandsAsQueued() async {
    let store = makeStore { _ in throw WriteQueued(id: 7, pending: 2) }
    await store.send(.send(.submit(Self.ada))) {
      $0.send = Mutation(phase: .sending(Self.ada), request: 1, startsWrite: true)
    }
    await store.receive(.send(.queued(pending: 2, request: 1))) {
      $0.send = Mutation(phase: .queued(Self.ada, pending: 2), request: 1)
    }
    await store.finish()
    #expect(store.state.send.phase.queuedNote == "2 changes waiting to send")
  }

  @Test func theWriteRunsInsideItsIntent() async {
    let seen = Recorder<Set<String>>()
    let store = makeStore { signup in
      seen.append(WriteIntent.current?.invalidates ?? [])
      return Member(id: 1, name: signup.name)
    }
    store.exhaustivity = .off
    await store.send(.send(.submit(Self.ada)))
    await store.finish()
    #expect(seen.values == [["members"]])
  }
}

extension SignupForm {
  static let url = URL(string: "http://api.test/members")!
}
