import Core
import FeatureKit

extension ProfileFeature {
  /// Profile's state transitions. Load actions go to ``FeatureKit/ScreenLoad/reduce(_:)``, which decides whether a
  /// load starts and maps the response to ``ProfileContent``; the detail closes whenever there is no content under
  /// it. Choosing an information item copies it into `detail`. The Edit profile form is validated here on every
  /// edit, and a save is decided here (`save = .saving(patch)`, `startsSave`) for the save middleware to carry out.
  /// A save that succeeded shows "Profile saved" (a toast, once `.load(.appear)` said the screen appeared: `kumiki
  /// profile edit` sends only `.update`, so it never starts a toast or waits for one).
  public static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .load(let load):
      if case .appear = load { state.toast.screenAppeared() }
      state.load.reduce(load)
      if state.load.content == nil { state.detail = nil }
    case .selectTab(let tab):
      state.selectedTab = tab
    case .select(let tab, let id):
      guard let item = state.load.content?.items(tab).first(where: { $0.id == id }) else { return }
      state.detail = ProfileDetail(tab: tab, item: item)
    case .closeDetail:
      state.detail = nil

    case .editProfile:
      guard let content = state.load.content, state.form == nil, !state.save.isSaving else { return }
      state.form = ProfileEditForm(original: ProfileDraft(content.personal))
      state.save = .idle
      state.detail = nil
    case .nicknameEdited(let text):
      state.editForm { $0.nickname = text }
    case .introductionEdited(let text):
      state.editForm { $0.introduction = text }
    case .save:
      state.startsSave = false
      guard state.canSave, let form = state.form else { return }
      state.startSave(form.patch)
    case .update(let patch):
      state.startsSave = false
      guard !state.save.isSaving else { return }
      let problems = patch.validate().problems
      if patch.isEmpty {
        state.save = .failed("Nothing to change: give a nickname or a self-introduction.")
      } else if !problems.isEmpty {
        state.save = .failed(problems.map(\.message).joined(separator: "; "))
      } else {
        state.startSave(patch)
      }
    case .saved(let personal):
      state.startsSave = false
      guard state.save.isSaving else { return }
      state.save = .saved(personal)
      state.form = nil
      state.toast.show("Profile saved")
      if var content = state.load.content {
        content.personal = ProfilePersonalViewObject(personal)
        state.load.phase = .loaded(content)
      }
    case .saveFailed(let message):
      state.startsSave = false
      guard state.save.isSaving else { return }
      state.save = .failed(message)
    case .cancelEdit:
      guard state.form != nil, !state.save.isSaving else { return }
      state.form = nil
      state.save = .idle
    case .toast:
      break  // FeatureKit's withToasts(): the toast's time is up
    }
  }.withToasts()
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

  /// The decision to send `patch`: the save phase the screen shows, and the mark that this action started it.
  fileprivate mutating func startSave(_ patch: ProfilePersonalPatch) {
    save = .saving(patch)
    startsSave = true
  }
}
