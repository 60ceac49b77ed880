import Core
import FeatureKit
import FormKit
import MutationKit
import ToastKit

extension ProfileFeature {
  /// Profile's state transitions. Load actions go to ``FeatureKit/ScreenLoad/reduce(_:)``, which decides whether a
  /// load starts and keeps the ``ProfileContent`` it answered; the detail closes whenever there is no content under
  /// it. Choosing an information item copies it into `detail`. The Edit profile form is validated here on every
  /// edit, and a save is decided here — the patch checked with ``ProfileEditForm/fields``' rules, then FeatureKit's
  /// ``FeatureKit/Mutation/reduce(_:)`` (`.sending(patch)`, a request token, `startsWrite`) — for the save
  /// middleware to carry out. A save that succeeded shows "Profile saved" (a toast, once `.load(.appear)` (or `.shown`) said the
  /// screen appeared: `kumiki profile edit` sends only the save, so it never starts a toast or waits for one).
  public static let reducer = Reducer<State, Action> { state, action in
    state.readsAfterSave = false
    switch action {
    case .load(let load):
      switch load {
      case .appear, .shown: state.toast.screenAppeared()  // .shown: what a screen that polls gets instead
      default: break
      }
      state.load.reduce(load)
      if state.load.content == nil { state.detail = nil }
    case .selectTab(let tab):
      state.selectedTab = tab
    case .select(let tab, let id):
      guard let detail = state.load.content?.detail(tab, id: id) else { return }
      state.detail = detail
    case .closeDetail:
      state.detail = nil
    case .openSaved:
      break  // a route request: the app opens Archive's item (ProfileFeature+Routes.swift)

    case .editProfile:
      guard let content = state.load.content, state.form == nil, !state.save.isSending else { return }
      state.form = ProfileEditForm(original: ProfileEditForm.draft(content.personal))
      state.save.reduce(.reset)
      state.detail = nil
    case .edited(let key, let text):
      state.editForm { $0[key] = text }
    case .save(let save):
      state.reduceSave(save)
    case .cancelEdit:
      guard state.form != nil, !state.save.isSending else { return }
      state.form = nil
      state.save.reduce(.reset)
    case .toastExpired(let serial):
      state.toast.expire(serial)
    }
  }

  /// What is wrong with `patch` by ``ProfileEditForm/fields``' rules, as the message a refused save shows (several joined by
  /// `; `), or `nil` when it can be sent.
  static func problem(_ patch: ProfilePersonalPatch) -> String? {
    if patch.isEmpty { return "Nothing to change: give a nickname or a self-introduction." }
    let problems = patch.problems
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
  }
}

extension ProfileFeature.State {
  /// Applies an edit to the open form's draft (not while saving, so the draft never changes under a request in
  /// flight); an edit after a failed save clears the failure (the next Save sends the new draft).
  fileprivate mutating func editForm(_ change: (inout FormDraft) -> Void) {
    guard var form, !save.isSending else { return }
    let before = form.draft
    change(&form.draft)
    guard form.draft.values.keys == before.values.keys else { return }  // not a field of the form
    self.form = form
    if case .failed = save.phase { save.reduce(.reset) }
  }

  /// A save action: a submit is checked first — with the form open, only what the form allows (``canSave``: a valid
  /// change, nothing in flight) is sent, anything else ignored; without it (`kumiki profile edit`) a broken rule or an
  /// empty patch is refused with its message — then FeatureKit's ``FeatureKit/Mutation`` decides. A success puts the
  /// server's profile into the loaded content and closes the form; a queued save closes it too (the change waits in
  /// the outbox, shown as made) and, with no profile read yet, decides to read it (``readsAfterSave``).
  fileprivate mutating func reduceSave(_ action: Mutation<ProfilePersonalPatch, ProfilePersonal>.Action) {
    switch action {
    case .submit(let patch):
      if form != nil {
        guard canSave else {
          save.startsWrite = false
          return
        }
      } else if let problem = ProfileFeature.problem(patch) {
        save.reject(patch, message: problem)
        return
      }
      save.reduce(action)
    case .retry:
      // After a failure: Retry; after a conflict: Keep mine (sent over the other change).
      let unsent: ProfilePersonalPatch? =
        switch save.phase {
        case .failed(let patch, _), .conflict(let patch, _): patch
        default: nil
        }
      guard let unsent, ProfileFeature.problem(unsent) == nil else {
        save.startsWrite = false
        return
      }
      save.reduce(action)
    case .succeeded(let personal, _):
      guard save.reduce(action) else { return }
      form = nil
      toast.show("Profile saved")
      if var content = load.content {
        content.personal = personal
        load.phase = .loaded(content)
      }
    case .queued:
      guard save.reduce(action) else { return }
      form = nil
      // Nothing read yet (`kumiki profile edit`): the profile is read next — from the cache, with the queued change
      // laid over it — so the queued save is shown as made. A screen showing the profile has it already.
      readsAfterSave = load.phase == .idle
    case .conflict:
      // A conflict keeps the form open under its dialog: Edit again (`.reset`) returns to it with the draft, Take
      // theirs is Cancel (`.cancelEdit`). The screens read the server's profile again meanwhile (the query layer);
      // with nothing read yet (`kumiki profile edit`) it is read next, theirs, printed beside yours.
      guard save.reduce(action) else { return }
      readsAfterSave = load.phase == .idle
    case .reset, .failed:
      save.reduce(action)
      save.reduce(action)
    }
  }
}
