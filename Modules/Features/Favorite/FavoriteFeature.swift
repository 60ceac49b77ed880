import Core
import FeatureKit
import LoadingScreenKit

/// The Favorite screen of the gourmet magazine: readers' favourite food scenes as cards, from `/favorite_scenes`.
///
/// A loading screen (``FeatureKit/ScreenLoad``): Favorite gives its load (``FavoriteClient/favoriteScenes``), its
/// content (``FavoriteContent``), its presentation and commands, and its detail overlay. Everything hangs off this
/// namespace: ``State``, ``Action``, ``reducer``, ``present(_:)``, ``commands`` and ``module(client:)``. It talks to
/// the network only through ``FavoriteClient``.
public enum FavoriteFeature {
  /// The Favorite feature as a plugin for the registry: key `favorites`, title `Favorite`, a tab. It loads on
  /// `.appear` (when not loaded yet) and reloads on `.refreshAll`; the load effect is `favorites.load`.
  public static func module(client: FavoriteClient) -> FeatureModule<State, Action> {
    .loadingScreen(
      \.load, action: Action.load, key: descriptions[0].key, title: descriptions[0].title, initialState: State(),
      reducer: reducer,
      load: { try await client.favoriteScenes() }, present: { present($0) }, commands: commands)
  }
}
