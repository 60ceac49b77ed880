import FeatureKit

extension AppRuntime {
  /// A route a mount declares: its owner, the declaration, its pattern (`archive/item/<id>`) and the route with the
  /// parameters' samples (what the conformance suite opens).
  public struct DeclaredRoute: Sendable, Equatable {
    /// The mount's key.
    public let owner: String
    /// The declaration.
    public let declaration: RouteDeclaration
    /// `archive/item/<id>`.
    public var pattern: String { declaration.pattern(owner: owner) }
    /// The route with every parameter's sample.
    public var sample: Route { declaration.sample(owner: owner) }
  }

  /// Every route the mounted features declare, in mount order.
  public var declaredRoutes: [DeclaredRoute] {
    runtimes.flatMap { runtime in
      let routing = runtime.routing
      return routing.entries.map { DeclaredRoute(owner: routing.owner, declaration: $0.declaration) }
    }
  }

  /// Resolves `route` against the declared routes: its owner's slot, the actions that open and close its screen and
  /// its command.
  /// - Throws: ``RouteError/unknown(_:declared:)`` when no mount declares it (listing those that exist),
  ///   ``RouteError/invalid(_:reason:)`` when an argument breaks its parameter.
  public func resolve(_ route: Route) throws(RouteError) -> RouteTarget {
    for (slot, runtime) in runtimes.enumerated() where runtime.key == route.owner {
      let routing = runtime.routing
      guard let entry = routing.entries.first(where: { $0.declaration.name == route.name }) else { break }
      let values = try entry.declaration.values(of: route.arguments, owner: route.owner)
      return RouteTarget(
        route: entry.declaration.route(owner: route.owner, values: values), slot: slot,
        open: entry.open(values).map { .feature(slot: slot, action: $0) },
        close: entry.close(values).map { .feature(slot: slot, action: $0) },
        command: [route.owner] + entry.command(values))
    }
    throw .unknown(route.description, declared: declaredRoutes.map(\.pattern))
  }
}
