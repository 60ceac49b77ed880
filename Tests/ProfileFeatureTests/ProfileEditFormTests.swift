import FeatureKit
import Foundation
import Networking
import ProfileFeature
import Testing

/// The form's fields and rules, in the one place they live (``ProfileEditForm/fields``, on FeatureKit's form kit),
/// and the patch a save sends.
@Suite struct ProfileEditFormTests {
  private func nicknameProblem(_ nickname: String) -> String? {
    ProfileEditForm.fields[0].problem(nickname)
  }

  private func introductionProblem(_ introduction: String) -> String? {
    ProfileEditForm.fields[1].problem(introduction)
  }

  @Test func theFixtureProfileIsValid() throws {
    let form = ProfileEditForm(original: ProfileEditForm.draft(try ProfileFixtures.response().personal))
    #expect(form.draft["nickname"] == "食いしん坊の編集者")
    #expect(form.problems.isEmpty)
    #expect(ProfileEditForm.fields.allSatisfy { $0.problem($0.sample) == nil })
  }

  @Test(arguments: ["", " ", "   ", "\t", "\n", " \t ", "\u{3000}", "\u{3000}\u{3000}", "\u{00A0}"])
  func anEmptyOrWhitespaceOnlyNicknameIsRequired(nickname: String) {
    #expect(nicknameProblem(nickname) == "Nickname is required")
  }

  @Test func aNicknameIsOneToTwentyCharacters() {
    #expect(nicknameProblem("a") == nil)
    #expect(nicknameProblem(" a ") == nil)
    #expect(nicknameProblem(String(repeating: "a", count: 20)) == nil)
    #expect(nicknameProblem(String(repeating: "a", count: 21)) == "Nickname is at most 20 characters")
    #expect(nicknameProblem(String(repeating: "編", count: 20)) == nil)
    #expect(nicknameProblem(String(repeating: "編", count: 21)) == "Nickname is at most 20 characters")
    // Spaces count like any other character: 20 letters and a space are 21.
    #expect(nicknameProblem(String(repeating: "a", count: 20) + " ") == "Nickname is at most 20 characters")
  }

  @Test func charactersAreUserPerceivedGraphemeClusters() {
    let family = "👨‍👩‍👧"  // five scalars, one character
    #expect(family.unicodeScalars.count == 5)
    #expect(nicknameProblem(family) == nil)
    #expect(nicknameProblem(String(repeating: family, count: 20)) == nil)
    #expect(nicknameProblem(String(repeating: family, count: 21)) == "Nickname is at most 20 characters")

    let decomposed = "か\u{3099}"  // が as two scalars
    #expect(nicknameProblem(String(repeating: decomposed, count: 20)) == nil)
    #expect(nicknameProblem(String(repeating: decomposed, count: 21)) == "Nickname is at most 20 characters")

    let flag = "🇯🇵"
    #expect(introductionProblem(String(repeating: flag, count: 200)) == nil)
    #expect(introductionProblem(String(repeating: flag, count: 201)) == "Self-introduction is at most 200 characters")
  }

  @Test func theSelfIntroductionIsAtMostTwoHundredCharactersAndMayBeEmpty() {
    #expect(introductionProblem("") == nil)
    #expect(introductionProblem("   ") == nil)
    #expect(introductionProblem(String(repeating: "x", count: 200)) == nil)
    #expect(introductionProblem(String(repeating: "x", count: 201)) == "Self-introduction is at most 200 characters")
    #expect(introductionProblem(String(repeating: "カ", count: 201)) == "Self-introduction is at most 200 characters")
  }

  @Test func bothFieldsAreCheckedAndReportedInFieldOrder() {
    let form = ProfileEditForm(
      original: ProfileEditForm.draft(nickname: " ", introduction: String(repeating: "x", count: 201)))
    #expect(form.problems == ["Nickname is required", "Self-introduction is at most 200 characters"])
  }

  @Test func aPatchHoldsOnlyTheChangedFields() {
    func patch(_ nickname: String, _ introduction: String) -> ProfilePersonalPatch {
      ProfileEditForm(
        original: ProfileEditForm.draft(nickname: "N", introduction: "I"),
        draft: ProfileEditForm.draft(nickname: nickname, introduction: introduction)
      ).patch
    }
    #expect(patch("N", "I") == ProfilePersonalPatch())
    #expect(patch("N", "I").isEmpty)
    #expect(patch("M", "I") == ProfilePersonalPatch(nickname: "M"))
    #expect(patch("N", "") == ProfilePersonalPatch(introduction: ""))
    #expect(patch("M", "J") == ProfilePersonalPatch(nickname: "M", introduction: "J"))
  }

  @Test func aPatchChecksOnlyTheFieldsItHas() {
    #expect(ProfilePersonalPatch(introduction: "").problems.isEmpty)
    #expect(ProfilePersonalPatch(nickname: "").problems == ["Nickname is required"])
    #expect(
      ProfilePersonalPatch(
        nickname: String(repeating: "a", count: 21), introduction: String(repeating: "b", count: 201)
      ).problems == ["Nickname is at most 20 characters", "Self-introduction is at most 200 characters"])
    #expect(ProfilePersonalPatch().problems.isEmpty)
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
    var form = ProfileEditForm(original: ProfileEditForm.draft(nickname: "N", introduction: "I"))
    #expect(form.draft == form.original)
    #expect(form.problems.isEmpty)
    #expect(!form.hasChanges)

    form.draft["nickname"] = ""
    #expect(form.problems == ["Nickname is required"])
    #expect(form.hasChanges)

    form.draft["nickname"] = "M"
    #expect(form.problems.isEmpty)
    #expect(form.patch == ProfilePersonalPatch(nickname: "M"))

    let opened = ProfileEditForm(
      original: form.original,
      draft: ProfileEditForm.draft(nickname: "N", introduction: String(repeating: "x", count: 201)))
    #expect(opened.problems == ["Self-introduction is at most 200 characters"])
  }
}
