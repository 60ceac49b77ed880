import FeatureKit

/// What a loaded Favorite screen shows: the scenes, in API order.
public struct FavoriteContent: LoadableContent {
  /// The scenes as their cards show them.
  public var scenes: [FavoriteSceneViewObject]

  /// Creates content from view objects.
  public init(scenes: [FavoriteSceneViewObject]) {
    self.scenes = scenes
  }

  /// Maps every scene of `/favorite_scenes`' answer to its view object, keeping the order.
  public init(_ response: [FavoriteScene]) {
    self.init(scenes: response.map(FavoriteSceneViewObject.init))
  }

  /// Whether there are no scenes (the screen's empty state).
  public var isEmpty: Bool { scenes.isEmpty }
}
