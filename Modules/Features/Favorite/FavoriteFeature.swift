import Core
import FeatureKit

/// The Favorite screen of the gourmet magazine: readers' favourite food scenes as cards, from `/favorite_scenes`.
///
/// Everything the feature offers hangs off this namespace: ``State``, ``Action``, ``reducer``,
/// ``loadMiddleware(client:)``, ``present(_:)``, ``commands`` and ``module(client:)``. It talks to the network only
/// through ``FavoriteClient``.
public enum FavoriteFeature {
  /// The id of the load effect; a new load cancels the one in flight.
  public static let loadEffectID: EffectID = "favorites.load"

  /// The Favorite feature as a plugin for the registry: key `favorites`, title `Favorite`. It loads on `.appear`
  /// (when not loaded yet) and reloads on `.refreshAll`.
  public static func module(client: FavoriteClient) -> FeatureModule<State, Action> {
    FeatureModule(
      key: "favorites",
      title: "Favorite",
      initialState: State(),
      reducer: reducer,
      middlewares: [loadMiddleware(client: client)],
      present: { present($0) },
      placement: .tab,
      commands: commands,
      receive: { receive($0) }
    )
  }

  /// The action an app-wide event becomes: `.appear` → ``Action/appear``, `.refreshAll` → ``Action/refresh``.
  public static func receive(_ event: AppEvent) -> Action? {
    event.screenLoad(appear: .appear, refresh: .refresh)
  }
}
