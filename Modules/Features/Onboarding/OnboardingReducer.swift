import Core

extension OnboardingFeature {
  /// The onboarding reducer. Pure; the middleware reads and writes the flag.
  public static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .load:
      if case .loaded = state.flag { return }
      state.flag = .loading
    case .flagLoaded(let completed):
      state.flag = .loaded(completed: completed)
      state.isPresented = !completed
      state.page = 0
    case .flagFailed(let message):
      state.flag = .failed(message)
      state.isPresented = false
    case .next:
      guard state.isPresented, !state.isLastPage else { return }
      state.page += 1
    case .back:
      guard state.isPresented, state.page > 0 else { return }
      state.page -= 1
    case .close:
      state.isPresented = false
      state.problem = nil
    case .completionSaved:
      state.flag = .loaded(completed: true)
    case .reset:
      state.problem = nil
    case .resetDone:
      state.flag = .loaded(completed: false)
      state.isPresented = true
      state.page = 0
    case .writeFailed(let message):
      state.problem = message
    }
  }
}
