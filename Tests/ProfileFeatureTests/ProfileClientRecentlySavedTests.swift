import Foundation
import Persistence
import PersistenceTesting
import ProfileFeature
import Testing

/// Recently Saved lists what the user saved (the shared saved-items client), newest first and bounded, never the
/// API's fixed `/profile_recent_favorite` list.
@Suite struct ProfileClientRecentlySavedTests {
  static func item(_ id: Int, savedAt seconds: TimeInterval) -> SavedItem {
    SavedItem(
      id: id, category: "和食", dishName: "dish \(id)", shopName: "shop \(id)", introduction: "intro \(id)",
      photoURL: "", savedAt: Date(timeIntervalSince1970: seconds))
  }

  @Test func theTabListsTheSavedItemsNewestFirst() async throws {
    let store = InMemoryPersistence(savedItems: [
      Self.item(6, savedAt: 1_700_000_000), Self.item(9, savedAt: 1_700_000_100),
    ])
    let recent = try await ProfileClient.recentlySaved(store.client.savedItems)()
    #expect(
      recent == [
        ProfileRecentFavorite(
          id: 9, category: "和食", title: "dish 9", publishedAt: "2023-11-14T22:15:00Z", description: "intro 9"),
        ProfileRecentFavorite(
          id: 6, category: "和食", title: "dish 6", publishedAt: "2023-11-14T22:13:20Z", description: "intro 6"),
      ])
    // Shown as the screens show dates.
    #expect(recent.map { InformationItem($0).publishedDate } == ["2023/11/14", "2023/11/14"])
  }

  @Test func nothingSavedIsAnEmptyTabAndTheListIsBounded() async throws {
    #expect(try await ProfileClient.recentlySaved(InMemoryPersistence().client.savedItems)().isEmpty)
    let many = (1...50).map { Self.item($0, savedAt: TimeInterval(1_700_000_000 + $0)) }
    let recent = try await ProfileClient.recentlySaved(InMemoryPersistence(savedItems: many).client.savedItems)()
    #expect(recent.map(\.id) == Array((31...50).reversed()))
  }

  @Test func aFailingStoreFailsTheTab() async {
    let store = InMemoryPersistence()
    store.failure = .corruptDatabase(path: "kumiki.sqlite", reason: "bad file")
    await #expect(throws: PersistenceError.self) { try await ProfileClient.recentlySaved(store.client.savedItems)() }
  }
}
