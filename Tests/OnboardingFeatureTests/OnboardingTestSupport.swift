import CoreTesting
import FeatureKitTesting
import Foundation
import OnboardingFeature
import Persistence
import Testing

typealias OnboardingStore = TestStore<OnboardingFeature.State, OnboardingFeature.Action>

/// A test store over the onboarding reducer and middleware with these settings.
func makeOnboardingStore(
  settings: SettingsClient, state: OnboardingFeature.State = OnboardingFeature.State()
) -> OnboardingStore {
  TestStore(module: OnboardingFeature.module(settings: settings), initialState: state)
}
