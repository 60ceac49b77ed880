/// A mounted module's routes with its types erased: what the registry resolves routes against and how it learns that
/// an action asks for one.
package struct FeatureRouting: Sendable {
  /// One declared route and its behaviour over erased actions.
  package struct Entry: Sendable {
    package let declaration: RouteDeclaration
    package let open: @Sendable (RouteValues) -> [any Equatable & Sendable]
    package let close: @Sendable (RouteValues) -> [any Equatable & Sendable]
    package let command: @Sendable (RouteValues) -> [String]
  }

  /// The mount's key: the owner of its routes.
  package let owner: String
  package let entries: [Entry]
  /// The route an action of this mount asks for; `nil` when the module asks for none.
  package let request: (@Sendable (any Equatable & Sendable) -> Route?)?

  package init<State, Action>(_ module: FeatureModule<State, Action>) {
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
