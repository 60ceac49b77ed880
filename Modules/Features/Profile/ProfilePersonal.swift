import Foundation
import Presentation

/// The member's profile as `/profile_personal` sends it (and answers a save with), and as the Profile state holds it:
/// a field the API adds is added here, and what the screen shows beyond the fields is computed below.
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

  /// The API's names for the fields, as the decoder reads them (`JSONCoding`).
  enum CodingKeys: String, CodingKey {
    case id, nickname, introduction, histories
    case createdAt = "created_at"
    case avatarUrl = "avatar_url"
    case backgroundImageUrl = "background_image_url"
    case socialMedia = "social_media"
  }

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

extension ProfilePersonal {
  /// ``createdAt`` as `yyyy/MM/dd`, or `nil` when the API's timestamp could not be read.
  public var memberSince: String? { DisplayDate.format(createdAt) }
  /// ``avatarUrl`` when it is an absolute http(s) URL, otherwise `nil`.
  public var avatarURL: URL? { WebAddress.parse(avatarUrl) }
  /// ``backgroundImageUrl`` when it is an absolute http(s) URL, otherwise `nil`.
  public var backgroundImageURL: URL? { WebAddress.parse(backgroundImageUrl) }
  /// Twitter, Facebook and Instagram, in that order; an address that is not an absolute http(s) URL is `nil`.
  public var socialLinks: [ProfileSocialLink] {
    [
      ProfileSocialLink(service: .twitter, url: WebAddress.parse(socialMedia.twitterUrl)),
      ProfileSocialLink(service: .facebook, url: WebAddress.parse(socialMedia.facebookUrl)),
      ProfileSocialLink(service: .instagram, url: WebAddress.parse(socialMedia.instagramUrl)),
    ]
  }
}
