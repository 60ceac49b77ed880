import Core
import FeatureKit
import LoadingScreenKit
import ToastKit

/// The Profile screen of the gourmet magazine: the member's personal data, introduction, points and history,
/// social links, and an information block with three tabs (announcements, comments, recent favorites).
///
/// A loading screen (``FeatureKit/ScreenLoad``): Profile gives its load (``ProfileClient/fetchAll()``), its content
/// (``ProfileContent``), its presentation and commands, and what is its own: the information tabs, the detail
/// overlay and the Edit profile form, which changes the nickname and the self-introduction (``ProfileEditForm`` holds
/// its fields and rules on FeatureKit's form kit, ``ProfilePersonalPatch`` the changed fields sent with `PATCH /profile_personal`).
///
/// Everything hangs off this namespace: ``State``, ``Action``, ``reducer``, ``saveMiddleware(client:)``,
/// ``present(_:)``, ``commands`` and ``module(client:)``. It talks to the network only through ``ProfileClient``.
public enum ProfileFeature {
  /// The id of the save effect (`PATCH /profile_personal`).
  public static let saveEffectID: EffectID = "profile.save"

  /// The Profile feature as a plugin for the registry: key `profile`, title `Profile`, a tab. It loads on `.appear`
  /// (when not loaded yet) and reloads on `.refreshAll`; the load effect is `profile.load`, the save effect
  /// ``saveEffectID``.
  public static func module(client: ProfileClient) -> FeatureModule<State, Action> {
    .loadingScreen(
      \.load, action: Action.load, key: descriptions[0].key, title: descriptions[0].title, initialState: State(),
      reducer: reducer,
      load: { try await client.fetchAll() }, middlewares: [saveMiddleware(client: client), readAfterSave],
      present: { present($0) }, commands: commands
    ).withToasts(\.toast, expired: Action.toastExpired).requesting(routes: routeRequest)
  }
}
