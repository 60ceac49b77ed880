import Core
import FeatureKit

/// The Profile screen of the gourmet magazine: the member's personal data, introduction, points and history,
/// social links, and an information block with three tabs (announcements, comments, recent favorites).
///
/// The screen's Edit profile form changes the nickname and the self-introduction (``ProfileDraft`` holds the rules,
/// ``ProfilePersonalPatch`` the changed fields sent with `PATCH /profile_personal`).
///
/// Everything the feature offers hangs off this namespace: ``State``, ``Action``, ``reducer``,
/// ``loadMiddleware(client:)``, ``saveMiddleware(client:)``, ``present(_:)``, ``commands`` and ``module(client:)``.
/// It talks to the network only through ``ProfileClient``.
public enum ProfileFeature {
  /// The id of the load effect; a new load cancels the one in flight.
  public static let loadEffectID: EffectID = "profile.load"
  /// The id of the save effect (`PATCH /profile_personal`).
  public static let saveEffectID: EffectID = "profile.save"

  /// The Profile feature as a plugin for the registry: key `profile`, title `Profile`. It loads on `.appear` (when
  /// not loaded yet) and reloads on `.refreshAll`.
  public static func module(client: ProfileClient) -> FeatureModule<State, Action> {
    FeatureModule(
      key: "profile",
      title: "Profile",
      initialState: State(),
      reducer: reducer,
      middlewares: [loadMiddleware(client: client), saveMiddleware(client: client)],
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
