import Foundation

/// One archive item as the API's `achive_images` list sends it (its snake_case keys named in `CodingKeys`), and as the
/// Archive state holds it: a field the API adds is added here, and what the screen shows beyond the fields is computed
/// below.
public struct ArchiveItem: Hashable, Codable, Sendable, Identifiable {
  /// The item's id in the API.
  public var id: Int
  /// The photo's address, as sent (not necessarily a usable URL).
  public var photoUrl: String
  /// The category, e.g. `カレー`.
  public var category: String
  /// The dish's name.
  public var dishName: String
  /// The shop's name.
  public var shopName: String
  /// The introduction text.
  public var introduction: String

  /// The API's names for the fields, as the decoder reads them (`JSONCoding`).
  enum CodingKeys: String, CodingKey {
    case id, category, introduction
    case photoUrl = "photo_url"
    case dishName = "dish_name"
    case shopName = "shop_name"
  }

  /// Creates an item; the fields mirror the API's.
  public init(
    id: Int, photoUrl: String, category: String, dishName: String, shopName: String, introduction: String
  ) {
    self.id = id
    self.photoUrl = photoUrl
    self.category = category
    self.dishName = dishName
    self.shopName = shopName
    self.introduction = introduction
  }
}

extension ArchiveItem {
  /// ``photoUrl`` as a URL (``photoURL(from:)``), or `nil` when it is not a usable one.
  public var photoURL: URL? { Self.photoURL(from: photoUrl) }

  /// Parses a photo address: an absolute URL with a scheme and a host, or `nil`.
  public static func photoURL(from text: String) -> URL? {
    guard let url = URL(string: text), url.scheme != nil, url.host() != nil else { return nil }
    return url
  }
}
