/// A profile's social links as `/profile_personal` sends them (`social_media`).
public struct ProfileSocialMedia: Equatable, Codable, Sendable {
  public var twitterUrl: String
  public var facebookUrl: String
  public var instagramUrl: String

  /// Creates the links; the fields mirror the API's.
  public init(twitterUrl: String, facebookUrl: String, instagramUrl: String) {
    self.twitterUrl = twitterUrl
    self.facebookUrl = facebookUrl
    self.instagramUrl = instagramUrl
  }
}
