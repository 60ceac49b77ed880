/// The changes a save sends as the JSON body of `PATCH /profile_personal`: only the fields present (non-`nil`) are
/// encoded, so the server merges just those (`{"nickname":"…"}`).
public struct ProfilePersonalPatch: Equatable, Codable, Sendable {
  /// The new nickname, or `nil` to leave it.
  public var nickname: String?
  /// The new self-introduction, or `nil` to leave it.
  public var introduction: String?

  /// Creates a patch; absent fields are left unchanged by the server.
  public init(nickname: String? = nil, introduction: String? = nil) {
    self.nickname = nickname
    self.introduction = introduction
  }

  /// Whether the patch changes nothing.
  public var isEmpty: Bool { nickname == nil && introduction == nil }

  /// The fields present, checked with ``ProfileDraft``'s rules (absent fields are not checked).
  public func validate() -> ProfileDraft.Validation {
    ProfileDraft.Validation(
      nickname: nickname.flatMap(ProfileDraft.nicknameProblem),
      introduction: introduction.flatMap(ProfileDraft.introductionProblem))
  }
}
