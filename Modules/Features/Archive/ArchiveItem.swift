import Foundation

/// One archive item as the screen shows it (mapped from the API's `achive_images` element at load).
public struct ArchiveItem: Hashable, Codable, Sendable, Identifiable {
  /// The item's id in the API.
  public var id: Int
  /// The category, e.g. `カレー`.
  public var category: String
  /// The dish's name.
  public var dishName: String
  /// The shop's name.
  public var shopName: String
  /// The introduction text.
  public var introduction: String
  /// The photo's address; `nil` when the API's text was not a usable URL.
  public var photoURL: URL?

  /// Creates an item from its fields.
  public init(
    id: Int, category: String, dishName: String, shopName: String, introduction: String, photoURL: URL?
  ) {
    self.id = id
    self.category = category
    self.dishName = dishName
    self.shopName = shopName
    self.introduction = introduction
    self.photoURL = photoURL
  }

  /// Parses a photo address: an absolute URL with a scheme and a host, or `nil`.
  public static func photoURL(from text: String) -> URL? {
    guard let url = URL(string: text), url.scheme != nil, url.host() != nil else { return nil }
    return url
  }
}
