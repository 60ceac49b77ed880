import Core
import FeatureKit
import Persistence
import Presentation

/// The onboarding overlay: a few pages introducing the app, shown at launch until the reader closes it once.
///
/// The "completed" flag lives in settings (`SettingKey.onboardingCompleted`). `.launch` reads it; when it is not set
/// the overlay shows. Closing it (the Close button, Escape, or "Get started" on the last page) persists the flag, so
/// it never shows again — until `kumiki onboarding reset` clears it.
public enum OnboardingFeature {
  /// The key the feature is mounted under, also its CLI command group.
  public static let key = "onboarding"

  /// The id of the flag read.
  public static let loadID: EffectID = "onboarding.load"
  /// The id of the flag write (closing or resetting).
  public static let writeID: EffectID = "onboarding.write"

  /// The onboarding feature as a module for the registry: an overlay (`.overlay(...)` while visible, `.stack([])`
  /// otherwise).
  public static func module(settings: SettingsClient) -> FeatureModule<State, Action> {
    FeatureModule(
      key: descriptions[0].key,
      title: descriptions[0].title,
      initialState: State(),
      reducer: reducer,
      middlewares: middlewares(settings: settings),
      present: { present($0) },
      placement: .overlay,
      commands: commands,
      receive: { event in event == .launch ? .load : nil }
    )
  }
}
