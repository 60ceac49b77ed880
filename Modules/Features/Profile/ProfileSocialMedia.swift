/// A profile's social links as `/profile_personal` sends them (`social_media`).
public struct ProfileSocialMedia: Equatable, Codable, Sendable {
  /// The Twitter address, as sent (may be empty or invalid).
  public var twitterUrl: String
  /// The Facebook address, as sent (may be empty or invalid).
  public var facebookUrl: String
  /// The Instagram address, as sent (may be empty or invalid).
  public var instagramUrl: String

  /// The API's names for the fields, as the decoder reads them (`JSONCoding`).
  enum CodingKeys: String, CodingKey {
    case twitterUrl = "twitter_url"
    case facebookUrl = "facebook_url"
    case instagramUrl = "instagram_url"
  }

  /// Creates the links; the fields mirror the API's.
  public init(twitterUrl: String, facebookUrl: String, instagramUrl: String) {
    self.twitterUrl = twitterUrl
    self.facebookUrl = facebookUrl
    self.instagramUrl = instagramUrl
  }
}
