import Core

extension ProfileFeature {
  /// Carries out the save the reducer decided: after `.save` or `.update`, when the state says
  /// ``SavePhase/saving(_:)``, sends that patch with ``ProfileClient/updatePersonal`` as effect ``saveEffectID``
  /// and answers `.saved(profile)` or `.saveFailed(message)`. It decides nothing itself: an ignored `.save`
  /// (invalid, unchanged) leaves the state without a save in flight, and nothing is sent. A `.save` arriving while
  /// saving (Save is disabled then, so only a stray one) sends the same patch again in place of the request in
  /// flight, whose answer is dropped: a PATCH of the same fields is idempotent. Cancellation is silent.
  public static func saveMiddleware(client: ProfileClient) -> Middleware<State, Action> {
    .after { context, action in
      switch action {
      case .save, .update:
        guard case .saving(let patch) = context.state.save else { return }
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
      case .appear, .refresh, .retry, .loaded, .failed, .selectTab, .select, .closeDetail, .editProfile,
        .nicknameEdited, .introductionEdited, .saved, .saveFailed, .cancelEdit:
        break
      }
    }
  }
}
