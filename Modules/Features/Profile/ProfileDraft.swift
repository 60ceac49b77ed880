/// The editable part of a profile — nickname and self-introduction — as the Edit profile form holds it while the
/// user types, and the one place its rules live.
///
/// ``validate()`` is pure and used everywhere the rules apply: the reducer stores its result in the form (so the
/// screen shows the messages as the user types), the presentation disables Save on it, and `kumiki profile edit`
/// checks its options with the same per-field rules (``nicknameProblem(_:)``, ``introductionProblem(_:)``).
///
/// Lengths are user-perceived characters (`String.count`, grapheme clusters): "👨‍👩‍👧" and "が" are one each.
/// Text is validated and saved as typed (nothing is trimmed).
public struct ProfileDraft: Equatable, Codable, Sendable {
  /// Most characters a nickname may have.
  public static let nicknameLimit = 20
  /// Most characters a self-introduction may have.
  public static let introductionLimit = 200

  /// Required: 1–``nicknameLimit`` characters, not only whitespace.
  public var nickname: String
  /// Optional (may be empty): at most ``introductionLimit`` characters.
  public var introduction: String

  /// Creates a draft.
  public init(nickname: String, introduction: String) {
    self.nickname = nickname
    self.introduction = introduction
  }

  /// The values a loaded profile shows, as the form starts with them.
  public init(_ personal: ProfilePersonal) {
    self.init(nickname: personal.nickname, introduction: personal.introduction)
  }

  /// Checks both fields.
  public func validate() -> Validation {
    Validation(nickname: Self.nicknameProblem(nickname), introduction: Self.introductionProblem(introduction))
  }

  /// The fields that differ from `original`, as a save sends them (empty when nothing changed).
  public func patch(from original: ProfileDraft) -> ProfilePersonalPatch {
    ProfilePersonalPatch(
      nickname: nickname == original.nickname ? nil : nickname,
      introduction: introduction == original.introduction ? nil : introduction)
  }

  /// What is wrong with `nickname`, or `nil` when it is acceptable: empty or whitespace-only (any
  /// `Character.isWhitespace`, the ideographic space included) is ``Problem/nicknameRequired``; more than
  /// ``nicknameLimit`` characters is ``Problem/nicknameTooLong``.
  public static func nicknameProblem(_ nickname: String) -> Problem? {
    if nickname.allSatisfy(\.isWhitespace) { return .nicknameRequired }
    if nickname.count > nicknameLimit { return .nicknameTooLong }
    return nil
  }

  /// What is wrong with `introduction`, or `nil` when it is acceptable: more than ``introductionLimit`` characters
  /// is ``Problem/introductionTooLong``; empty is fine.
  public static func introductionProblem(_ introduction: String) -> Problem? {
    introduction.count > introductionLimit ? .introductionTooLong : nil
  }
}

extension ProfileDraft {
  /// A broken rule, with the message the form and the CLI show.
  public enum Problem: String, Equatable, Codable, Sendable, CaseIterable {
    /// The nickname is empty or whitespace only.
    case nicknameRequired
    /// The nickname has more than ``ProfileDraft/nicknameLimit`` characters.
    case nicknameTooLong
    /// The self-introduction has more than ``ProfileDraft/introductionLimit`` characters.
    case introductionTooLong

    /// "Nickname is required", "Nickname is at most 20 characters", "Self-introduction is at most 200 characters".
    public var message: String {
      switch self {
      case .nicknameRequired: "Nickname is required"
      case .nicknameTooLong: "Nickname is at most \(ProfileDraft.nicknameLimit) characters"
      case .introductionTooLong: "Self-introduction is at most \(ProfileDraft.introductionLimit) characters"
      }
    }
  }

  /// The outcome of checking a draft (or a patch): at most one problem per field.
  public struct Validation: Equatable, Codable, Sendable {
    /// What is wrong with the nickname, if anything.
    public var nickname: Problem?
    /// What is wrong with the self-introduction, if anything.
    public var introduction: Problem?

    /// Creates an outcome; no problems by default.
    public init(nickname: Problem? = nil, introduction: Problem? = nil) {
      self.nickname = nickname
      self.introduction = introduction
    }

    /// Whether every field is acceptable.
    public var isValid: Bool { nickname == nil && introduction == nil }

    /// The problems in field order (nickname first).
    public var problems: [Problem] { [nickname, introduction].compactMap { $0 } }
  }
}
