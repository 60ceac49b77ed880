/// An element of the API's `achive_images` list, exactly as it is sent (snake_case keys decoded to camelCase).
struct ArchiveImage: Decodable, Sendable {
  var id: Int
  var photoUrl: String
  var category: String
  var dishName: String
  var shopName: String
  var introduction: String

  /// The item the screen shows for this element.
  var item: ArchiveItem {
    ArchiveItem(
      id: id, category: category, dishName: dishName, shopName: shopName, introduction: introduction,
      photoURL: ArchiveItem.photoURL(from: photoUrl))
  }
}
