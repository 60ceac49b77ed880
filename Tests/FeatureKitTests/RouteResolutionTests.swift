import Core
import CoreTesting
import FeatureAssembly
import FeatureKit
import Presentation
import Testing

/// The registry resolves routes against what the mounts declare, and learns from a feature's own action that it asks
/// for one — without either feature naming the other's types.
struct RouteResolutionTests {
  /// Counter, declaring `counter/add/<n>`: opens with `.add(n)`, closes with `.add(-n)`, prints `counter add N`.
  static let counter = CounterFeature.module().declaring(routes: [
    FeatureRoute(
      "add", parameters: [.int("n", in: 1...100, sample: 2)], abstract: "Add to the count",
      open: { [.add($0.int("n"))] }, close: { [.add(-$0.int("n"))] }, command: { ["add", String($0.int("n"))] })
  ])

  /// A feature whose button asks for Counter's route by value.
  enum Linker {
    enum Action: Equatable, Codable, Sendable { case openCounter(Int), other }
    static func module() -> FeatureModule<Int, Action> {
      FeatureModule(
        key: "linker", title: "Linker", initialState: 0,
        reducer: Reducer { state, _ in state += 1 },
        present: { _ in .button(label: "Add 3 in Counter", action: .openCounter(3)) }
      )
      .requesting { action in
        if case .openCounter(let n) = action { Route("counter", "add", .int(n)) } else { nil }
      }
    }
  }

  func app(mode: AssemblyMode = .live) throws -> AppRuntime {
    try FeatureRegistry([Linker.module().erased, Self.counter.erased, Self.counter.mounted(as: "second").erased])
      .assemble(mode: mode)
  }

  @Test func resolvesADeclaredRoute() throws {
    let app = try app()
    let target = try app.resolve(Route(parsing: "counter/add/3"))
    #expect(target.route == Route("counter", "add", .int(3)))
    #expect(target.slot == 1)
    #expect(target.command == ["counter", "add", "3"])
    for action in target.open { app.store.dispatch(action) }
    #expect(app.store.state[slot: 1, as: CounterFeature.State.self]?.count == 3)
    for action in target.close { app.store.dispatch(action) }
    #expect(app.store.state[slot: 1, as: CounterFeature.State.self]?.count == 0)
  }

  @Test func eachMountOwnsItsRoutes() throws {
    let app = try app()
    #expect(app.declaredRoutes.map(\.pattern) == ["counter/add/<n>", "second/add/<n>"])
    #expect(app.declaredRoutes.map(\.sample) == [Route("counter", "add", .int(2)), Route("second", "add", .int(2))])
    #expect(try app.resolve(Route("second", "add", .int(1))).slot == 2)
  }

  @Test func refusesARouteNobodyDeclares() throws {
    let app = try app()
    let declared = ["counter/add/<n>", "second/add/<n>"]
    #expect(throws: RouteError.unknown("counter/remove/1", declared: declared)) {
      try app.resolve(Route("counter", "remove", .int(1)))
    }
    #expect(throws: RouteError.unknown("linker/add/1", declared: declared)) {
      try app.resolve(Route("linker", "add", .int(1)))
    }
    #expect(throws: RouteError.unknown("nobody/add", declared: declared)) {
      try app.resolve(Route("nobody", "add"))
    }
    #expect(throws: RouteError.invalid("counter/add/<n>", reason: "n must be from 1 to 100")) {
      try app.resolve(Route("counter", "add", .int(101)))
    }
    #expect(
      RouteError.unknown("x/y", declared: declared).description
        == "no route 'x/y' in this app (declared: counter/add/<n>, second/add/<n>)")
  }

  @Test func anActionThatAsksForARouteIsQueuedForTheFrontEnd() throws {
    let app = try app()
    let woken = Recorder<Int>()
    app.routeRequests.listen { woken.append(1) }
    app.store.dispatch(.feature(slot: 0, action: Linker.Action.other))
    #expect(app.routeRequests.take().isEmpty)
    app.store.dispatch(.feature(slot: 0, action: Linker.Action.openCounter(3)))
    #expect(app.store.state[slot: 0, as: Int.self] == 2)  // the action still reached its reducer
    #expect(app.routeRequests.take() == [Route("counter", "add", .int(3))])
    #expect(app.routeRequests.take().isEmpty)
    #expect(woken.values == [1])
  }

  @Test func requestsAreBounded() throws {
    let app = try app()
    for n in 1...(RouteRequests.capacity + 4) {
      app.store.dispatch(.feature(slot: 0, action: Linker.Action.openCounter(n)))
    }
    let taken = app.routeRequests.take()
    #expect(taken.count == RouteRequests.capacity)
    #expect(taken.last == Route("counter", "add", .int(RouteRequests.capacity + 4)))
  }

  @Test func replayOpensNothing() throws {
    let app = try app(mode: .replay)
    app.store.dispatch(.feature(slot: 0, action: Linker.Action.openCounter(3)))
    #expect(app.routeRequests.take().isEmpty)
  }
}
