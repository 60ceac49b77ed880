import Core

extension ProfileFeature {
  /// Profile's state transitions. Requesting sets loading; the response is mapped to view objects; choosing an
  /// information item copies it into `detail`. The Edit profile form is validated here on every edit, and a save
  /// is decided here (`save = .saving(patch)`) for the save middleware to carry out.
  public static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .appear:
      guard state.phase == .idle else { return }
      state.phase = .loading
    case .refresh, .retry:
      state.phase = .loading
      state.detail = nil
    case .loaded(let response):
      state.phase = .loaded(ProfileContent(response))
    case .failed(let message):
      state.phase = .failed(message)
      state.detail = nil
    case .selectTab(let tab):
      state.selectedTab = tab
    case .select(let tab, let id):
      guard let item = state.phase.content?.items(tab).first(where: { $0.id == id }) else { return }
      state.detail = ProfileDetail(tab: tab, item: item)
    case .closeDetail:
      state.detail = nil

    case .editProfile:
      guard let content = state.phase.content, state.form == nil, !state.save.isSaving else { return }
      state.form = ProfileEditForm(original: ProfileDraft(content.personal))
      state.save = .idle
      state.detail = nil
    case .nicknameEdited(let text):
      state.editForm { $0.nickname = text }
    case .introductionEdited(let text):
      state.editForm { $0.introduction = text }
    case .save:
      guard state.canSave, let form = state.form else { return }
      state.save = .saving(form.patch)
    case .update(let patch):
      guard !state.save.isSaving else { return }
      let problems = patch.validate().problems
      if patch.isEmpty {
        state.save = .failed("Nothing to change: give a nickname or a self-introduction.")
      } else if !problems.isEmpty {
        state.save = .failed(problems.map(\.message).joined(separator: "; "))
      } else {
        state.save = .saving(patch)
      }
    case .saved(let personal):
      guard state.save.isSaving else { return }
      state.save = .saved(personal)
      state.form = nil
      if var content = state.phase.content {
        content.personal = ProfilePersonalViewObject(personal)
        state.phase = .loaded(content)
      }
    case .saveFailed(let message):
      guard state.save.isSaving else { return }
      state.save = .failed(message)
    case .cancelEdit:
      guard state.form != nil, !state.save.isSaving else { return }
      state.form = nil
      state.save = .idle
    }
  }
}

extension ProfileFeature.State {
  /// Applies an edit to the open form's draft (not while saving, so the draft never changes under a request in
  /// flight); an edit after a failed save clears the failure (the next Save sends the new draft).
  fileprivate mutating func editForm(_ change: (inout ProfileDraft) -> Void) {
    guard var form, !save.isSaving else { return }
    change(&form.draft)
    self.form = form
    if case .failed = save { save = .idle }
  }
}
