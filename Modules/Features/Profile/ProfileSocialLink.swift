import Foundation

/// One social link of a profile.
public struct ProfileSocialLink: Equatable, Codable, Sendable {
  /// The social networks a profile links to.
  public enum Service: String, Equatable, Codable, Sendable, CaseIterable {
    /// Twitter.
    case twitter
    /// Facebook.
    case facebook
    /// Instagram.
    case instagram

    /// The name shown on screen.
    public var label: String {
      switch self {
      case .twitter: "Twitter"
      case .facebook: "Facebook"
      case .instagram: "Instagram"
      }
    }
  }

  /// The network the link goes to.
  public var service: Service
  /// `nil` when the API's address is not a valid http(s) URL.
  public var url: URL?

  /// Creates a link.
  public init(service: Service, url: URL?) {
    self.service = service
    self.url = url
  }
}
