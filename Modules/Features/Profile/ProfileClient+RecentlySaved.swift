import Foundation
import Persistence

extension ProfileClient {
  /// How many saved items the Recently Saved tab shows, newest first.
  public static let recentlySavedLimit = 20

  /// The Recently Saved tab's reader: the user's own saved items (the saved-items client Archive writes to, shared
  /// through the app's persistence), newest first, at most ``recentlySavedLimit`` of them — not the API's
  /// `/profile_recent_favorite`, a fixed list that knows nothing of what the user saved. Each becomes a row:
  /// category, dish name, when it was saved (as `publishedAt`, an ISO 8601 UTC timestamp) and its introduction.
  public static func recentlySaved(
    _ saved: SavedItemsClient
  ) -> @Sendable () async throws -> [ProfileRecentFavorite] {
    {
      try await saved.list().sorted(by: SavedItem.newestFirst).prefix(recentlySavedLimit).map { item in
        ProfileRecentFavorite(
          id: item.id, category: item.category, title: item.dishName,
          publishedAt: item.savedAt.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0)!)),
          description: item.introduction)
      }
    }
  }
}
