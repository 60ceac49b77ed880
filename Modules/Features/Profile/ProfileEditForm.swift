import FeatureKit
import FormKit

/// The Edit profile form while it is open: the values it opened with and what the user has typed, as FeatureKit's
/// form kit holds them (``FeatureKit/FormDraft``, keyed by ``fields``). Its messages are derived from the draft, so
/// they follow every edit.
public struct ProfileEditForm: Equatable, Codable, Sendable {
  /// The form's fields — nickname and self-introduction — and their rules, the one place they live: the form's
  /// controls and messages, Save, and `kumiki profile edit`'s options (`--nickname`, `--intro`) derive from them.
  /// Lengths are user-perceived characters (`String.count`: "👨‍👩‍👧" and "が" are one each); nothing is trimmed.
  public static let fields: [FormField] = [
    FormField(
      "nickname", label: "Nickname", rules: "required, up to \(nicknameLimit) characters", sample: "食いしん坊",
      checks: [{ $0.count > nicknameLimit ? "Nickname is at most \(nicknameLimit) characters" : nil }]),
    FormField(
      "introduction", label: "Self-introduction", rules: "up to \(introductionLimit) characters, may be empty",
      sample: "カレー巡りが趣味です。", required: false, option: "intro",
      checks: [{ $0.count > introductionLimit ? "Self-introduction is at most \(introductionLimit) characters" : nil }]),
  ]
  /// Most characters a nickname may have.
  public static let nicknameLimit = 20
  /// Most characters a self-introduction may have.
  public static let introductionLimit = 200

  /// The profile's values when the form opened; a save sends only the fields that differ from these.
  public var original: FormDraft
  /// What the fields hold now.
  public var draft: FormDraft

  /// A form opened on `original`, holding `draft` (by default the original values).
  public init(original: FormDraft, draft: FormDraft? = nil) {
    self.original = original
    self.draft = draft ?? original
  }

  /// A draft of the form's fields holding these values.
  public static func draft(nickname: String, introduction: String) -> FormDraft {
    FormDraft(fields, ["nickname": nickname, "introduction": introduction])
  }

  /// The values a loaded profile shows, as the form opens with them.
  public static func draft(_ personal: ProfilePersonal) -> FormDraft {
    draft(nickname: personal.nickname, introduction: personal.introduction)
  }

  /// The rules the draft breaks, in field order, as the messages under the fields.
  public var problems: [String] { draft.problems(Self.fields).map(\.message) }

  /// The changed fields, as a save would send them.
  public var patch: ProfilePersonalPatch {
    let changes = draft.changes(from: original).values
    return ProfilePersonalPatch(nickname: changes["nickname"], introduction: changes["introduction"])
  }

  /// Whether the fields hold something other than the original values.
  public var hasChanges: Bool { !patch.isEmpty }
}
