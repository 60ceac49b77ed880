import Core
import Testing

/// `MiddlewareContext.source`: who dispatched the action a middleware is handling.
@Suite struct ActionSourceTests {
  /// A middleware that notes `action → source` and, after `.increment`, dispatches a follow-up and starts an
  /// effect that sends `.add(10)`.
  static func spy(_ seen: Recorder<String>) -> Middleware<Counter, CounterAction> {
    Middleware { context, action, next in
      seen.append("\(action) by \(context.source)")
      next(action)
      guard action == .increment else { return }
      context.dispatch(.note("follow-up"))
      context.run { send in send(.add(10)) }
    }
  }

  @Test func externalFollowUpAndEffectAreToldApart() async {
    let seen = Recorder<String>()
    let store = Store(initialState: Counter(), reducer: counterReducer, middlewares: [Self.spy(seen)])
    store.dispatch(.increment)
    await store.settled()
    store.dispatch(.bumpOther)
    #expect(
      seen.values == [
        "increment by external", #"note("follow-up") by followUp"#, "add(10) by effect", "bumpOther by external",
      ])
  }

  @Test func aSubscribersDispatchIsAFollowUpAndTheNextExternalDispatchIsExternalAgain() {
    let seen = Recorder<String>()
    let store = Store(
      initialState: Counter(), reducer: counterReducer,
      middlewares: [
        Middleware { context, action, next in
          seen.append("\(action) by \(context.source)")
          next(action)
        }
      ])
    store.subscribe(select: \.other) { other in
      if other == 1 { store.dispatch(.note("from a subscriber")) }
    }
    store.dispatch(.bumpOther)
    store.dispatch(.add(2))
    #expect(
      seen.values == ["bumpOther by external", #"note("from a subscriber") by followUp"#, "add(2) by external"])
  }

  @Test func aLiftedMiddlewareSeesTheSourceOfTheParentAction() async {
    let seen = Recorder<String>()
    let child = Middleware<Int, CounterAction> { context, action, next in
      seen.append("child \(action) by \(context.source)")
      next(action)
    }
    let lifted = child.lift(state: { (parent: Counter) in parent.count }, extract: { $0 }, embed: { $0 })
    let store = Store(
      initialState: Counter(), reducer: counterReducer, middlewares: [Self.spy(Recorder()), lifted])
    store.dispatch(.increment)
    await store.settled()
    #expect(
      seen.values == [
        "child increment by external", #"child note("follow-up") by followUp"#, "child add(10) by effect",
      ])
  }
}
