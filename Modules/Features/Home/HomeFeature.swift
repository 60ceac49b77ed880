import Core
import FeatureKit
import LoadingScreenKit

/// The Home screen of the gourmet magazine: campaign banners, recent news, featured topics, trend articles and
/// pickup photos, fetched together from five endpoints.
///
/// A loading screen (``FeatureKit/ScreenLoad``): Home gives its load (``HomeClient/fetchAll()``), its content
/// (``HomeContent``), its presentation and commands, and its detail overlay. Everything hangs off this namespace:
/// ``State``, ``Action``, ``reducer``, ``present(_:)``, ``commands`` and ``module(client:)``. It talks to the
/// network only through ``HomeClient``.
public enum HomeFeature {
  /// How often the Home screen loads again while it is shown: every 5 minutes, so its news and campaigns stay
  /// current on a screen left open (``FeatureKit/LoadPolling``). Hidden, it pauses; the CLI never polls.
  public static let pollInterval = Duration.seconds(300)

  /// The Home feature as a plugin for the registry: key `home`, title `Home`, a tab. It loads on `.appear` (when
  /// not loaded yet), reloads on `.refreshAll` and, while shown, every ``pollInterval``; the load effect is
  /// `home.load`, its timer `home.load.poll`.
  public static func module(client: HomeClient) -> FeatureModule<State, Action> {
    .loadingScreen(
      \.load, action: Action.load, key: descriptions[0].key, title: descriptions[0].title, initialState: State(),
      reducer: reducer,
      load: { try await client.fetchAll() },
      present: { present($0) }, commands: commands
    ).requesting(routes: routeRequest)
  }
}
