/// The member's profile as `/profile_personal` sends it.
public struct ProfilePersonal: Equatable, Codable, Sendable {
  /// The member's id.
  public var id: Int
  /// The name the member goes by.
  public var nickname: String
  /// When the member joined: the API's timestamp (`2023-03-20T00:00:00.000+0000`).
  public var createdAt: String
  /// The avatar's address, as sent (not necessarily a valid URL).
  public var avatarUrl: String
  /// The profile background's address, as sent (not necessarily a valid URL).
  public var backgroundImageUrl: String
  /// The self-introduction (may be empty).
  public var introduction: String
  /// The member's counters.
  public var histories: ProfileHistories
  /// The member's social links, as sent.
  public var socialMedia: ProfileSocialMedia

  /// Creates a profile; the fields mirror the API's.
  public init(
    id: Int, nickname: String, createdAt: String, avatarUrl: String, backgroundImageUrl: String,
    introduction: String, histories: ProfileHistories, socialMedia: ProfileSocialMedia
  ) {
    self.id = id
    self.nickname = nickname
    self.createdAt = createdAt
    self.avatarUrl = avatarUrl
    self.backgroundImageUrl = backgroundImageUrl
    self.introduction = introduction
    self.histories = histories
    self.socialMedia = socialMedia
  }
}
