/// A mounted module's routes with its types erased: what the registry resolves routes against and how it learns that
/// an action asks for one.
struct FeatureRouting: Sendable {
  /// One declared route and its behaviour over erased actions.
  struct Entry: Sendable {
    let declaration: RouteDeclaration
    let open: @Sendable (RouteValues) -> [any Equatable & Sendable]
    let close: @Sendable (RouteValues) -> [any Equatable & Sendable]
    let command: @Sendable (RouteValues) -> [String]
  }

  /// The mount's key: the owner of its routes.
  let owner: String
  let entries: [Entry]
  /// The route an action of this mount asks for; `nil` when the module asks for none.
  let request: (@Sendable (any Equatable & Sendable) -> Route?)?

  init<State, Action>(_ module: FeatureModule<State, Action>) {
    owner = module.key
    entries = module.routes.map { route in
      Entry(
        declaration: route.declaration,
        open: { values in route.open(values).map { $0 as any Equatable & Sendable } },
        close: { values in route.close(values).map { $0 as any Equatable & Sendable } },
        command: route.command)
    }
    if let asks = module.routeRequest {
      request = { payload in
        guard let action = project(payload, as: Action.self) else { return nil }
        return asks(action)
      }
    } else {
      request = nil
    }
  }
}
