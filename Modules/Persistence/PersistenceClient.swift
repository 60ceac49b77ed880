/// Everything Kumiki persists, bundled so an app can hand one value to its features.
public struct PersistenceClient: Sendable {
  /// Saved archive items.
  public var savedItems: SavedItemsClient
  /// Typed settings.
  public var settings: SettingsClient
  /// Per-feature persisted state.
  public var featureState: FeatureStateStore

  /// Bundles the three clients.
  public init(savedItems: SavedItemsClient, settings: SettingsClient, featureState: FeatureStateStore) {
    self.savedItems = savedItems
    self.settings = settings
    self.featureState = featureState
  }
}
