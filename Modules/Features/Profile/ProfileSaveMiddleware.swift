import Core

extension ProfileFeature {
  /// Carries out the save the reducer decided: after `.save` or `.update`, when the state says
  /// ``State/startsSave`` (that action decided ``SavePhase/saving(_:)``), sends that patch with
  /// ``ProfileClient/updatePersonal`` as effect ``saveEffectID`` and answers `.saved(profile)` or
  /// `.saveFailed(message)`. It decides nothing itself: an ignored `.save` or `.update` (invalid, unchanged, or a
  /// stray one while a save is in flight) leaves `startsSave` false, and nothing is sent. Cancellation is silent.
  public static func saveMiddleware(client: ProfileClient) -> Middleware<State, Action> {
    .after { context, action in
      switch action {
      case .save, .update:
        guard context.state.startsSave, case .saving(let patch) = context.state.save else { return }
        context.run(id: saveEffectID, cancelInFlight: true) { send in
          do {
            send(.saved(try await client.updatePersonal(patch)))
          } catch is CancellationError {
            return
          } catch {
            guard !Task.isCancelled else { return }
            send(.saveFailed(String(describing: error)))
          }
        }
      case .load, .selectTab, .select, .closeDetail, .editProfile, .nicknameEdited, .introductionEdited, .saved,
        .saveFailed, .cancelEdit, .toast:
        break
      }
    }
  }
}
