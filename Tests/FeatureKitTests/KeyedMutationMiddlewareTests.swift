import Core
import CoreTesting
import FeatureKit
import Foundation
import MutationKit
import Networking
import Testing

/// `Middleware.mutation(...)` keyed: several writes of one kind in flight at once, one per key (an unsubscribe per
/// item), each landing on its own key's ``Mutation`` inside its own intent; a key's second submit while sending sends
/// nothing, as in the single form (issue 39, item 6).
@Suite struct KeyedMutationMiddlewareTests {
  /// A list whose items are unsubscribed one by one: `[id: Mutation]` in the state, the id in the action.
  enum Letters {
    struct State: Equatable, Codable, Sendable {
      var unsubscribe: [Int: Mutation<Int, Int>] = [:]
    }

    enum Action: Equatable, Codable, Sendable {
      case unsubscribe(Int, Mutation<Int, Int>.Action)
    }

    static let reducer = Reducer<State, Action> { state, action in
      switch action {
      case .unsubscribe(let id, let action): state.unsubscribe[id, default: Mutation()].reduce(action)
      }
    }

    static func middleware(_ write: @escaping @Sendable (Int) async throws -> Int) -> Middleware<State, Action> {
      .mutation(
        id: "letters.unsubscribe", state: { $0.unsubscribe[$1] }, action: Action.unsubscribe,
        intent: { id in WriteIntent(optimistic: [try .merge(["subscribed": false], into: "subscriptions/\(id)")]) },
        write: write)
    }
  }

  @Test func writesForTwoKeysRunAtOnceEachLandingOnItsOwnKey() async {
    let sent = Recorder<Int>()
    let seen = Recorder<[OptimisticChange]>()
    let arrived = ArrivalGate(count: 3)
    let answer = ArrivalGate(count: 3)
    let store = TestStore(
      initialState: Letters.State(), reducer: Letters.reducer,
      middlewares: [
        Letters.middleware { id in
          sent.append(id)
          seen.append(WriteIntent.current?.optimistic ?? [])
          await arrived.arrive()
          await answer.arrive()
          if id == 2 { throw HTTPError.serverError(status: 422, url: URL(string: "http://api.test/subscriptions/2")!) }
          return id
        }
      ])
    store.exhaustivity = .off  // the two answers land in either order
    await store.send(.unsubscribe(1, .submit(1)))
    await store.send(.unsubscribe(2, .submit(2)))
    #expect(store.state.unsubscribe[2] == Mutation(phase: .sending(2), request: 1, startsWrite: true))
    await arrived.arrive()  // both writes are in flight at once
    #expect(Set(sent.values) == [1, 2])
    // A second submit for a key in flight sends nothing.
    await store.send(.unsubscribe(1, .submit(1)))
    #expect(store.state.unsubscribe[1] == Mutation(phase: .sending(1), request: 1))
    await answer.arrive()
    await store.finish()
    let refusal = HTTPError.serverError(status: 422, url: URL(string: "http://api.test/subscriptions/2")!).description
    #expect(store.state.unsubscribe[1] == Mutation(phase: .sent(1), request: 1))
    #expect(store.state.unsubscribe[2] == Mutation(phase: .failed(2, message: refusal), request: 1))
    #expect(sent.values.count == 2)
    #expect(Set(seen.values.flatMap { $0 }.map(\.path)) == ["subscriptions/1", "subscriptions/2"])
  }
}
