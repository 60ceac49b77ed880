import Core
import FeatureKit

extension ProfileFeature {
  /// Starts the load effect for `.appear` (only when nothing was requested yet), `.refresh` and `.retry`. A new
  /// load replaces one in flight; cancellation is silent; any other error becomes `.failed` with its message.
  public static func loadMiddleware(client: ProfileClient) -> Middleware<State, Action> {
    .load(
      id: loadEffectID,
      startsOn: { state, action in
        switch action {
        case .appear: state.phase == .idle
        case .refresh, .retry: true
        case .loaded, .failed, .selectTab, .select, .closeDetail, .editProfile, .nicknameEdited, .introductionEdited,
          .save, .update, .saved, .saveFailed, .cancelEdit:
          false
        }
      },
      load: { try await client.fetchAll() },
      loaded: { .loaded($0) },
      failed: { .failed($0) }
    )
  }
}
