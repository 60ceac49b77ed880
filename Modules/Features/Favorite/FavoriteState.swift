import FeatureKit
import LoadingScreenKit

extension FavoriteFeature {
  /// What the Favorite screen shows. `load.phase` says which of idle, loading, content, empty or error is on
  /// screen; `detail` is the scene whose detail overlay is open.
  public struct State: Equatable, Codable, Sendable {
    /// Where loading stands, and whether the last load action started a load (``FeatureKit/ScreenLoad``).
    public var load: ScreenLoad<FavoriteContent>
    /// The chosen scene, shown as an overlay above the cards; `nil` when none is open.
    public var detail: FavoriteScene?

    /// Creates a state; the defaults are the state before the first appearance.
    public init(load: ScreenLoad<FavoriteContent> = ScreenLoad(), detail: FavoriteScene? = nil) {
      self.load = load
      self.detail = detail
    }
  }
}
