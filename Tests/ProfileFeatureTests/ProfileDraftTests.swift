import Foundation
import Networking
import ProfileFeature
import Testing

/// The form's rules, in the one place they live (``ProfileDraft``), and the patch a save sends.
@Suite struct ProfileDraftTests {
  private func nicknameProblem(_ nickname: String) -> ProfileDraft.Problem? {
    ProfileDraft(nickname: nickname, introduction: "").validate().nickname
  }

  private func introductionProblem(_ introduction: String) -> ProfileDraft.Problem? {
    ProfileDraft(nickname: "N", introduction: introduction).validate().introduction
  }

  @Test func theFixtureProfileIsValid() throws {
    let draft = ProfileDraft(try ProfileFixtures.response().personal)
    #expect(draft.nickname == "食いしん坊の編集者")
    #expect(draft.validate() == ProfileDraft.Validation())
    #expect(draft.validate().isValid)
    #expect(draft.validate().problems.isEmpty)
  }

  @Test(arguments: ["", " ", "   ", "\t", "\n", " \t ", "\u{3000}", "\u{3000}\u{3000}", "\u{00A0}"])
  func anEmptyOrWhitespaceOnlyNicknameIsRequired(nickname: String) {
    #expect(nicknameProblem(nickname) == .nicknameRequired)
  }

  @Test func aNicknameIsOneToTwentyCharacters() {
    #expect(nicknameProblem("a") == nil)
    #expect(nicknameProblem(" a ") == nil)
    #expect(nicknameProblem(String(repeating: "a", count: 20)) == nil)
    #expect(nicknameProblem(String(repeating: "a", count: 21)) == .nicknameTooLong)
    #expect(nicknameProblem(String(repeating: "編", count: 20)) == nil)
    #expect(nicknameProblem(String(repeating: "編", count: 21)) == .nicknameTooLong)
    // Spaces count like any other character: 20 letters and a space are 21.
    #expect(nicknameProblem(String(repeating: "a", count: 20) + " ") == .nicknameTooLong)
  }

  @Test func charactersAreUserPerceivedGraphemeClusters() {
    let family = "👨‍👩‍👧"  // five scalars, one character
    #expect(family.unicodeScalars.count == 5)
    #expect(nicknameProblem(family) == nil)
    #expect(nicknameProblem(String(repeating: family, count: 20)) == nil)
    #expect(nicknameProblem(String(repeating: family, count: 21)) == .nicknameTooLong)

    let decomposed = "か\u{3099}"  // が as two scalars
    #expect(nicknameProblem(String(repeating: decomposed, count: 20)) == nil)
    #expect(nicknameProblem(String(repeating: decomposed, count: 21)) == .nicknameTooLong)

    let flag = "🇯🇵"
    #expect(introductionProblem(String(repeating: flag, count: 200)) == nil)
    #expect(introductionProblem(String(repeating: flag, count: 201)) == .introductionTooLong)
  }

  @Test func theSelfIntroductionIsAtMostTwoHundredCharactersAndMayBeEmpty() {
    #expect(introductionProblem("") == nil)
    #expect(introductionProblem("   ") == nil)
    #expect(introductionProblem(String(repeating: "x", count: 200)) == nil)
    #expect(introductionProblem(String(repeating: "x", count: 201)) == .introductionTooLong)
    #expect(introductionProblem(String(repeating: "カ", count: 201)) == .introductionTooLong)
  }

  @Test func messagesNameTheRules() {
    #expect(ProfileDraft.Problem.nicknameRequired.message == "Nickname is required")
    #expect(ProfileDraft.Problem.nicknameTooLong.message == "Nickname is at most 20 characters")
    #expect(ProfileDraft.Problem.introductionTooLong.message == "Self-introduction is at most 200 characters")
  }

  @Test func bothFieldsAreCheckedAndReportedInFieldOrder() {
    let validation = ProfileDraft(nickname: " ", introduction: String(repeating: "x", count: 201)).validate()
    #expect(validation == ProfileDraft.Validation(nickname: .nicknameRequired, introduction: .introductionTooLong))
    #expect(!validation.isValid)
    #expect(validation.problems == [.nicknameRequired, .introductionTooLong])
  }

  @Test func aPatchHoldsOnlyTheChangedFields() {
    let original = ProfileDraft(nickname: "N", introduction: "I")
    #expect(original.patch(from: original) == ProfilePersonalPatch())
    #expect(original.patch(from: original).isEmpty)
    #expect(
      ProfileDraft(nickname: "M", introduction: "I").patch(from: original) == ProfilePersonalPatch(nickname: "M"))
    #expect(
      ProfileDraft(nickname: "N", introduction: "").patch(from: original) == ProfilePersonalPatch(introduction: ""))
    #expect(
      ProfileDraft(nickname: "M", introduction: "J").patch(from: original)
        == ProfilePersonalPatch(nickname: "M", introduction: "J"))
    // Typing a field back to its original value leaves it out again.
    #expect(ProfileDraft(nickname: "N", introduction: "I").patch(from: original).isEmpty)
  }

  @Test func aPatchChecksOnlyTheFieldsItHas() {
    #expect(ProfilePersonalPatch(introduction: "").validate().isValid)
    #expect(ProfilePersonalPatch(nickname: "").validate() == ProfileDraft.Validation(nickname: .nicknameRequired))
    #expect(
      ProfilePersonalPatch(
        nickname: String(repeating: "a", count: 21), introduction: String(repeating: "b", count: 201)
      )
      .validate().problems == [.nicknameTooLong, .introductionTooLong])
    #expect(ProfilePersonalPatch().validate().isValid)
    #expect(ProfilePersonalPatch().isEmpty)
  }

  @Test func aPatchEncodesOnlyThePresentFields() throws {
    func json(_ patch: ProfilePersonalPatch) throws -> String {
      String(decoding: try JSONCoding.encoder().encode(patch), as: UTF8.self)
    }
    #expect(try json(ProfilePersonalPatch(nickname: "新しい名前")) == #"{"nickname":"新しい名前"}"#)
    #expect(try json(ProfilePersonalPatch(introduction: "")) == #"{"introduction":""}"#)
    #expect(try json(ProfilePersonalPatch(nickname: "N", introduction: "I")) == #"{"introduction":"I","nickname":"N"}"#)
  }

  @Test func theFormValidatesOnEveryEdit() {
    var form = ProfileEditForm(original: ProfileDraft(nickname: "N", introduction: "I"))
    #expect(form.draft == form.original)
    #expect(form.validation.isValid)
    #expect(!form.hasChanges)

    form.draft.nickname = ""
    #expect(form.validation == ProfileDraft.Validation(nickname: .nicknameRequired))
    #expect(form.hasChanges)

    form.draft.nickname = "M"
    #expect(form.validation.isValid)
    #expect(form.patch == ProfilePersonalPatch(nickname: "M"))

    let opened = ProfileEditForm(
      original: form.original, draft: ProfileDraft(nickname: "N", introduction: String(repeating: "x", count: 201)))
    #expect(opened.validation == ProfileDraft.Validation(introduction: .introductionTooLong))
  }
}
