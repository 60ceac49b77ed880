import FeatureKit
import LoadingScreenKit

extension SampleFeature {
  /// The feature's actions: the load's, and its own.
  public enum Action: Equatable, Codable, Sendable {
    /// The loading screen's actions (appear, refresh, retry, loaded, failed).
    case load(LoadAction<[String]>)
    /// Highlights a dish (kept across runs).
    case highlight(String)
  }
}
