import FeatureKit
import Synchronization

/// The routes features asked for that a front end has not opened yet: the router adds one for each action a module's
/// ``FeatureModule/routeRequest`` recognises, and the front end takes them (the TUI after each event, woken by
/// ``listen(_:)``). At most ``capacity`` wait; older ones go first.
public final class RouteRequests: Sendable {
  /// How many requests wait at most.
  public static let capacity = 16
  private let pending = Mutex<[Route]>([])
  private let listener = Mutex<(@Sendable () -> Void)?>(nil)

  init() {}

  /// Takes the waiting requests, oldest first.
  public func take() -> [Route] {
    pending.withLock { routes in
      defer { routes.removeAll() }
      return routes
    }
  }

  /// Calls `wake` (from any thread) each time a request arrives; `nil` stops.
  public func listen(_ wake: (@Sendable () -> Void)?) {
    listener.withLock { $0 = wake }
  }

  func append(_ route: Route) {
    pending.withLock { routes in
      routes.append(route)
      if routes.count > Self.capacity { routes.removeFirst(routes.count - Self.capacity) }
    }
    listener.withLock { $0 }?()
  }
}
