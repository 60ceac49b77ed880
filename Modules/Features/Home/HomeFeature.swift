import Core
import FeatureKit

/// The Home screen of the gourmet magazine: campaign banners, recent news, featured topics, trend articles and
/// pickup photos, fetched together from five endpoints.
///
/// Everything the feature offers hangs off this namespace: ``State``, ``Action``, ``reducer``, ``loadMiddleware(client:)``,
/// ``present(_:)``, ``commands`` and ``module(client:)``. It talks to the network only through ``HomeClient``.
public enum HomeFeature {
  /// The id of the load effect; a new load cancels the one in flight.
  public static let loadEffectID: EffectID = "home.load"

  /// The Home feature as a plugin for the registry: key `home`, title `Home`. It loads on `.appear` (when not
  /// loaded yet) and reloads on `.refreshAll`.
  public static func module(client: HomeClient) -> FeatureModule<State, Action> {
    FeatureModule(
      key: "home",
      title: "Home",
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
