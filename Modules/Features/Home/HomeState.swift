import FeatureKit
import LoadingScreenKit

extension HomeFeature {
  /// What the Home screen shows. `load.phase` says which of idle, loading, content, empty or error is on screen;
  /// `detail` is the item whose detail overlay is open.
  public struct State: Equatable, Codable, Sendable {
    /// Where loading stands, and whether the last load action started a load (``FeatureKit/ScreenLoad``).
    public var load: ScreenLoad<HomeContent>
    /// The chosen item, shown as an overlay above the content; `nil` when none is open.
    public var detail: HomeDetail?

    /// Creates a state; the defaults are the state before the first appearance, polling every
    /// ``HomeFeature/pollInterval`` while shown.
    public init(
      load: ScreenLoad<HomeContent> = ScreenLoad(polling: LoadPolling(every: HomeFeature.pollInterval)),
      detail: HomeDetail? = nil
    ) {
      self.load = load
      self.detail = detail
    }
  }
}
