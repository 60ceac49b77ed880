import FeatureKit
import LoadingScreenKit

extension HomeFeature {
  /// Everything that can happen on the Home screen.
  public enum Action: Equatable, Codable, Sendable {
    /// The screen's load (``FeatureKit/LoadAction``): `.appear` loads when nothing was requested yet, `.refresh`
    /// (the screen, the app's refresh-all, the CLI) and `.retry` (after an error) load again; the load effect
    /// answers `.loaded(HomeContent)` (the five endpoints) or `.failed(message)`.
    case load(LoadAction<HomeContent>)
    /// An item was chosen: its detail opens.
    case select(HomeItem)
    /// The detail overlay was dismissed.
    case closeDetail
    /// A campaign's "Search the archive" was chosen: Archive's search for the campaign's keyword opens, through the
    /// route `archive/search/<keyword>` (``HomeFeature/campaignSearchRoute(_:)``); Home's own state does not change.
    case searchCampaign(String)
  }
}
