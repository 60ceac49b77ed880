import ArchiveFeature
import FeatureKitTesting
import Foundation
import Persistence
import Testing

@Suite("ArchiveItem: the API's item, as the state holds it")
struct ArchiveItemTests {
  @Test("the state holds each achive_images field as sent: a field added to fixtures.json is reported until added")
  func fieldForField() throws {
    #expect(try FixtureAPI.roundTripDifferences([ArchiveItem].self, resource: "achive_images") == [])
  }

  @Test("the photo's URL is computed from the text as sent: a usable absolute URL, otherwise nil")
  func photoURL() {
    func item(_ photo: String) -> ArchiveItem {
      ArchiveItem(id: 1, photoUrl: photo, category: "c", dishName: "d", shopName: "s", introduction: "i")
    }
    #expect(item("https://images.kumiki.example/a.jpg").photoURL == URL(string: "https://images.kumiki.example/a.jpg"))
    #expect(item("not a url").photoURL == nil)
    #expect(item("/relative/a.jpg").photoURL == nil)
    #expect(item("").photoURL == nil)
  }

  @Test("a saved item reads back as the item the API sent, its photo text unchanged")
  func savedRoundTrip() {
    let item = ArchiveItem(
      id: 7, photoUrl: "not a url", category: "和食", dishName: "鯛めし", shopName: "s", introduction: "i")
    let saved = SavedArchiveItem(item: item, savedAt: Date(timeIntervalSince1970: 1_700_000_000))
    let record = SavedItem(
      id: 7, category: "和食", dishName: "鯛めし", shopName: "s", introduction: "i", photoURL: "not a url",
      savedAt: saved.savedAt)
    #expect(SavedArchiveItem(record) == saved)
  }
}
