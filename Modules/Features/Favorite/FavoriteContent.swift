import FeatureKit
import LoadingScreenKit

/// What a loaded Favorite screen shows: `/favorite_scenes`' answer, the scenes as the API sent them, in its order.
public struct FavoriteContent: LoadableContent {
  /// The scenes; the cards compute what they show beyond the fields (``FavoriteScene/publishedDate``, …).
  public var scenes: [FavoriteScene]

  /// The content of `/favorite_scenes`' answer.
  public init(_ response: [FavoriteScene]) {
    scenes = response
  }

  /// Whether there are no scenes (the screen's empty state).
  public var isEmpty: Bool { scenes.isEmpty }
}
