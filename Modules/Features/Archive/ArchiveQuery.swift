import Foundation

/// The search conditions: a free keyword and an optional category chip, sent together as `q` and `category`.
public struct ArchiveQuery: Equatable, Codable, Sendable {
  /// The free keyword (trimmed; empty means none).
  public var keyword: String
  /// The selected category, or `nil` for every category.
  public var category: String?

  /// Creates a query; the keyword is trimmed of surrounding whitespace.
  public init(keyword: String = "", category: String? = nil) {
    self.keyword = keyword.trimmingCharacters(in: .whitespacesAndNewlines)
    self.category = category
  }

  /// No keyword, no category: the whole archive.
  public static let all = ArchiveQuery()

  /// Whether neither condition is set.
  public var isEmpty: Bool { keyword.isEmpty && category == nil }

  /// `q` and `category` for the API, each only when set.
  public var queryItems: [URLQueryItem] {
    var items: [URLQueryItem] = []
    if !keyword.isEmpty { items.append(URLQueryItem(name: "q", value: keyword)) }
    if let category { items.append(URLQueryItem(name: "category", value: category)) }
    return items
  }
}
