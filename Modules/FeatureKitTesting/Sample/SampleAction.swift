import FeatureKit
import LoadingScreenKit

extension SampleFeature {
  /// The feature's actions: the load's, and its own.
  public enum Action: ScreenLoadAction, Equatable, Codable, Sendable {
    /// The loading screen's actions (appear, refresh, retry, loaded, failed).
    case load(LoadAction<[String]>)
    /// Highlights a dish (kept across runs).
    case highlight(String)

    public var load: LoadAction<[String]>? {
      if case .load(let action) = self { action } else { nil }
    }
  }
}
