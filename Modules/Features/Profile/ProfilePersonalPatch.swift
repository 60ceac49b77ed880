import FeatureKit
import FormKit

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

  /// `personal` with the fields present here in place of its own: what the screen shows while this patch is being
  /// saved, from the frame right after Save (the server's answer replaces it when it lands).
  func applied(to personal: ProfilePersonal) -> ProfilePersonal {
    var personal = personal
    if let nickname { personal.nickname = nickname }
    if let introduction { personal.introduction = introduction }
    return personal
  }

  /// The rules the fields present break (absent fields are not checked), by ``ProfileEditForm/fields``.
  public var problems: [String] {
    let values = ["nickname": nickname, "introduction": introduction].compactMapValues { $0 }
    let given = ProfileEditForm.fields.filter { values[$0.key] != nil }
    return FormDraft(given, values).problems(given).map(\.message)
  }
}
