import FeatureKit
import FormKit
import LoadingScreenKit
import MutationKit
import Presentation
import ProfileFeature
import Testing

/// A save that met a change someone else made since (`412`): the reducer keeps the form under the conflict dialog,
/// the dialog offers Edit again (default), Keep mine and Take theirs, and `kumiki profile edit` prints it as a
/// conflict (exit status 3) with yours and theirs.
@Suite struct ProfileConflictTests {
  private let original = ProfileEditForm.draft(nickname: "食いしん坊の編集者", introduction: "カレーが好き")
  private let patch = ProfilePersonalPatch(nickname: "私の名前")
  private let message = "Someone else changed this since you opened it; nothing was saved (412)."

  private func state(save: ProfileFeature.SaveMutation) throws -> ProfileFeature.State {
    ProfileFeature.State(
      load: ScreenLoad(phase: .loaded(try ProfileFixtures.response())),
      form: ProfileEditForm(original: original, draft: original), save: save)
  }

  @Test func theConflictKeepsTheFormAndEachChoiceIsAnActionTheReducerDecides() throws {
    var state = try state(save: .sending(patch))
    ProfileFeature.reducer.reduce(&state, .save(.conflict(message, request: 1)))
    #expect(state.save.phase == .conflict(patch, message: message))
    #expect(state.form != nil)

    var keep = state
    ProfileFeature.reducer.reduce(&keep, .save(.retry))  // Keep mine
    let overriding = ProfileFeature.SaveMutation(phase: .sending(patch), request: 2, startsWrite: true, overrides: true)
    #expect(keep.save == overriding)

    var again = state
    ProfileFeature.reducer.reduce(&again, .save(.reset))  // Edit again
    #expect(again.save.phase == .idle)
    #expect(again.form != nil)

    var theirs = state
    ProfileFeature.reducer.reduce(&theirs, .cancelEdit)  // Take theirs
    #expect(theirs.form == nil)
    #expect(theirs.save.phase == .idle)
  }

  @Test func theDialogTakesTheFormsPlaceWithEditAgainAsTheDefaultAndEscape() throws {
    let state = try state(save: ProfileFeature.SaveMutation(phase: .conflict(patch, message: message), request: 1))
    guard case .stack(let children) = ProfileFeature.present(state), case .overlay(let dialog)? = children.last else {
      Issue.record("expected the dialog as the last child")
      return
    }
    #expect(dialog.title == "Changed on the server")
    #expect(dialog.buttons.map(\.label) == ["Edit again", "Keep mine", "Take theirs"])
    #expect(dialog.buttons.map(\.isDefault) == [true, false, false])
    #expect(dialog.buttons.map(\.action) == [.save(.reset), .save(.retry), .cancelEdit])
    #expect(dialog.dismiss == .save(.reset))
  }

  @Test func theCommandPrintsAConflictWithYoursAndTheirs() throws {
    let state = try state(save: ProfileFeature.SaveMutation(phase: .conflict(patch, message: message), request: 1))
    guard case .conflict(let line, let json) = ProfileFeature.editOutput(state) else {
      Issue.record("expected a conflict")
      return
    }
    let theirs = try ProfileFixtures.response().personal.nickname
    #expect(line.hasPrefix("conflict — the profile changed on the server since this app last read it (412)"))
    #expect(line.contains("Theirs: nickname \"\(theirs)\"."))
    #expect(json.text.hasPrefix(#"{"conflict":{"message":"#), "\(json.text)")
    #expect(json.text.contains(#""yours":{"nickname":"私の名前","introduction":null}"#), "\(json.text)")
    #expect(json.text.contains(#""theirs":{"id":"#), "\(json.text)")
  }
}
