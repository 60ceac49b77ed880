import Foundation
import Presentation

/// The personal part of the Profile screen: who the member is, their introduction, counters and social links.
public struct ProfilePersonalViewObject: Equatable, Codable, Sendable {
  /// The member's id.
  public var id: Int
  /// The name the member goes by.
  public var nickname: String
  /// `yyyy/MM/dd` of the account's creation, or `nil` when the API's timestamp could not be read.
  public var memberSince: String?
  /// `nil` when the API's address is not a valid http(s) URL.
  public var avatarURL: URL?
  /// `nil` when the API's address is not a valid http(s) URL.
  public var backgroundImageURL: URL?
  /// The self-introduction (may be empty).
  public var introduction: String
  /// The six counters, as the API sends them.
  public var histories: ProfileHistories
  /// Twitter, Facebook and Instagram, in that order.
  public var socialLinks: [ProfileSocialLink]

  /// Creates a view object.
  public init(
    id: Int, nickname: String, memberSince: String?, avatarURL: URL?, backgroundImageURL: URL?, introduction: String,
    histories: ProfileHistories, socialLinks: [ProfileSocialLink]
  ) {
    self.id = id
    self.nickname = nickname
    self.memberSince = memberSince
    self.avatarURL = avatarURL
    self.backgroundImageURL = backgroundImageURL
    self.introduction = introduction
    self.histories = histories
    self.socialLinks = socialLinks
  }

  /// Maps the API entity: date as `yyyy/MM/dd`, unparsable URLs as `nil`.
  public init(_ entity: ProfilePersonal) {
    self.init(
      id: entity.id,
      nickname: entity.nickname,
      memberSince: DisplayDate.format(entity.createdAt),
      avatarURL: WebAddress.parse(entity.avatarUrl),
      backgroundImageURL: WebAddress.parse(entity.backgroundImageUrl),
      introduction: entity.introduction,
      histories: entity.histories,
      socialLinks: [
        ProfileSocialLink(service: .twitter, url: WebAddress.parse(entity.socialMedia.twitterUrl)),
        ProfileSocialLink(service: .facebook, url: WebAddress.parse(entity.socialMedia.facebookUrl)),
        ProfileSocialLink(service: .instagram, url: WebAddress.parse(entity.socialMedia.instagramUrl)),
      ]
    )
  }
}
