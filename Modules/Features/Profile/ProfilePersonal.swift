/// The member's profile as `/profile_personal` sends it.
public struct ProfilePersonal: Equatable, Codable, Sendable {
  public var id: Int
  public var nickname: String
  public var createdAt: String
  public var avatarUrl: String
  public var backgroundImageUrl: String
  public var introduction: String
  public var histories: ProfileHistories
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
