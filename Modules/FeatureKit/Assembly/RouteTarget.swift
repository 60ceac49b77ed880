import FeatureKit
/// A route resolved in an assembled app: the mount that owns it, the app actions that open and close its screen, and
/// the command that prints the same content.
public struct RouteTarget: Sendable, Equatable {
  /// The route, its arguments typed by the declaration (`archive/item/6`).
  public let route: Route
  /// The owner's slot (``MountedFeature/slot``).
  public let slot: Int
  /// What opens the screen, addressed to the owner.
  public let open: [AppAction]
  /// What closes it again.
  public let close: [AppAction]
  /// The command's words, starting with the owner's key (`["archive", "item", "6"]`).
  public let command: [String]
}
