import FeatureKit
import FormKit
import LoadingScreenKit
import Presentation
import ProfileFeature
import Testing

/// The Edit profile form as a view, in each of its states.
@Suite struct ProfileEditPresentationTests {
  private let original = ProfileEditForm.draft(nickname: "食いしん坊の編集者", introduction: "カレーが好き")

  private func content() throws -> ProfileContent {
    try ProfileFixtures.response()
  }

  private func state(
    _ draft: FormDraft? = nil, save: ProfileFeature.SaveMutation = ProfileFeature.SaveMutation()
  ) throws -> ProfileFeature.State {
    ProfileFeature.State(
      load: ScreenLoad(phase: .loaded(try content())), form: ProfileEditForm(original: original, draft: draft),
      save: save)
  }

  private func overlay(_ state: ProfileFeature.State) throws -> OverlayNode<ProfileFeature.Action> {
    let view = ProfileFeature.present(state)
    guard case .stack(let children) = view, case .overlay(let overlay)? = children.last else {
      Issue.record("expected the form as the last child, got \(view)")
      throw Missing()
    }
    return overlay
  }

  private struct Missing: Error {}

  private func nicknameField(
    _ text: String, message: String? = nil, isEnabled: Bool = true
  ) -> ViewNode<ProfileFeature.Action> {
    .textField(
      TextFieldNode(
        id: "profile.nickname", label: "Nickname", text: text, placeholder: "食いしん坊",
        message: message, hint: "required, up to 20 characters", isEnabled: isEnabled,
        change: { .edited("nickname", $0) }))
  }

  private func introductionField(
    _ text: String, message: String? = nil, isEnabled: Bool = true
  ) -> ViewNode<ProfileFeature.Action> {
    .textField(
      TextFieldNode(
        id: "profile.introduction", label: "Self-introduction", text: text, placeholder: "カレー巡りが趣味です。",
        message: message, hint: "up to 200 characters, may be empty", isEnabled: isEnabled,
        change: { .edited("introduction", $0) }))
  }

  /// Save (sending `patch`, the form's changes) and Cancel.
  private func buttons(
    save: Bool, cancel: Bool = true, patch: ProfilePersonalPatch = ProfilePersonalPatch()
  ) -> [OverlayButton<ProfileFeature.Action>] {
    [
      OverlayButton(label: "Save", action: .save(.submit(patch)), isEnabled: save, isDefault: true),
      OverlayButton(label: "Cancel", action: .cancelEdit, isEnabled: cancel),
    ]
  }

  @Test func theLoadedScreenOffersEditProfileBeforeRefresh() throws {
    let view = ProfileFeature.present(ProfileFeature.State(load: ScreenLoad(phase: .loaded(try content()))))
    guard case .stack(let children) = view else {
      Issue.record("expected a stack, got \(view)")
      return
    }
    #expect(
      Array(children.suffix(2)) == [
        .button(label: "Edit profile", action: .editProfile), .button(label: "Refresh", action: .load(.refresh)),
      ])
    #expect(view.firstOverlay == nil)
  }

  @Test func unchangedIsValidWithSaveDisabled() throws {
    let overlay = try overlay(try state())
    #expect(overlay.title == "Edit profile")
    #expect(overlay.content == .stack([nicknameField("食いしん坊の編集者"), introductionField("カレーが好き")]))
    #expect(overlay.buttons == buttons(save: false))
    #expect(overlay.dismiss == .cancelEdit)
    #expect(
      overlay.content.plainText == [
        "Nickname", "食いしん坊の編集者", "required, up to 20 characters", "Self-introduction", "カレーが好き",
        "up to 200 characters, may be empty",
      ])
  }

  @Test func changedAndValidEnablesSave() throws {
    let overlay = try overlay(try state(ProfileEditForm.draft(nickname: "👨‍👩‍👧 family", introduction: "カレーが好き")))
    #expect(overlay.content == .stack([nicknameField("👨‍👩‍👧 family"), introductionField("カレーが好き")]))
    #expect(overlay.buttons == buttons(save: true, patch: ProfilePersonalPatch(nickname: "👨‍👩‍👧 family")))
  }

  @Test func invalidFieldsShowTheirMessagesAndDisableSave() throws {
    let long = String(repeating: "x", count: 201)
    let overlay = try overlay(try state(ProfileEditForm.draft(nickname: " ", introduction: long)))
    #expect(
      overlay.content
        == .stack([
          nicknameField(" ", message: "Nickname is required"),
          introductionField(long, message: "Self-introduction is at most 200 characters"),
        ]))
    #expect(overlay.buttons == buttons(save: false, patch: ProfilePersonalPatch(nickname: " ", introduction: long)))

    let tooLong = try self.overlay(
      try state(ProfileEditForm.draft(nickname: String(repeating: "a", count: 21), introduction: "")))
    #expect(tooLong.content.plainText.contains("Nickname is at most 20 characters"))
    #expect(
      tooLong.buttons
        == buttons(
          save: false, patch: ProfilePersonalPatch(nickname: String(repeating: "a", count: 21), introduction: "")))
  }

  @Test func savingDisablesEverythingAndShowsASpinner() throws {
    let draft = ProfileEditForm.draft(nickname: "新しい名前", introduction: "カレーが好き")
    let overlay = try overlay(try state(draft, save: .sending(ProfilePersonalPatch(nickname: "新しい名前"))))
    #expect(
      overlay.content
        == .stack([
          nicknameField("新しい名前", isEnabled: false), introductionField("カレーが好き", isEnabled: false),
          .spinner("Saving profile..."),
        ]))
    #expect(
      overlay.buttons == buttons(save: false, cancel: false, patch: ProfilePersonalPatch(nickname: "新しい名前")))
    #expect(overlay.dismiss == nil)
    #expect(
      ProfileFeature.present(try state(draft, save: .sending(ProfilePersonalPatch(nickname: "新しい名前")))).containsSpinner)
    // The Edit profile button behind the form is disabled too.
    #expect(
      !ProfileFeature.present(try state(draft, save: .sending(ProfilePersonalPatch()))).actions.contains(.editProfile))
  }

  @Test func aFailedSaveShowsTheErrorWithRetryAndKeepsTheDraft() throws {
    let draft = ProfileEditForm.draft(nickname: "新しい名前", introduction: "カレーが好き")
    let overlay = try overlay(
      try state(draft, save: .failed(ProfilePersonalPatch(nickname: "新しい名前"), "The server failed (500).")))
    #expect(
      overlay.content
        == .stack([
          nicknameField("新しい名前"), introductionField("カレーが好き"),
          .error(message: "The server failed (500).", retry: .save(.retry)),
        ]))
    #expect(overlay.buttons == buttons(save: true, patch: ProfilePersonalPatch(nickname: "新しい名前")))
    #expect(overlay.dismiss == .cancelEdit)
  }

  @Test func theFormCoversTheDetailAndStaysOverALoadingScreen() throws {
    var covered = try state()
    let content = try content()
    covered.detail = .announcement(content.announcements[0])
    #expect(try overlay(covered).title == "Edit profile")
    #expect(ProfileFeature.present(covered).firstOverlay?.title == "Edit profile")

    var loading = try state()
    loading.load.phase = .loading
    let view = ProfileFeature.present(loading)
    #expect(view.containsSpinner)
    #expect(view.firstOverlay?.title == "Edit profile")
  }
}
