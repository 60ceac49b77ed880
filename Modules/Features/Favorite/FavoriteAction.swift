import FeatureKit
import LoadingScreenKit

extension FavoriteFeature {
  /// Everything that can happen on the Favorite screen.
  public enum Action: Equatable, Codable, Sendable {
    /// The screen's load (``FeatureKit/LoadAction``): `.appear` loads when nothing was requested yet, `.refresh`
    /// (the screen, the app's refresh-all, the CLI) and `.retry` (after an error) load again; the load effect
    /// answers `.loaded([FavoriteScene])` (`/favorite_scenes`) or `.failed(message)`.
    case load(LoadAction<[FavoriteScene]>)
    /// The scene with this id was chosen: its detail opens.
    case select(Int)
    /// The detail overlay was dismissed.
    case closeDetail
  }
}
