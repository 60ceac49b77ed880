import CompositionRootTesting
import FixtureServer
import Foundation
import Testing

/// `kumiki home` in the built app against the fixture server over HTTP: its JSON, stable and complete, and where
/// its data came from.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct HomeCommandEndToEndTests {
  @Test func jsonOutputIsStableAndComplete() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    defer { Task { await server.shutdown() } }
    let home = try await kumiki(["home", "--json"], api: server.baseURL, folder: folder)
    #expect(home.status == 0, "\(home.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(home.stdout.utf8)) as? [String: Any])
    let banners = try #require(object["campaign_banners"] as? [[String: Any]])
    #expect(banners.count == 6)
    #expect(banners.first?["banner_contents_id"] as? Int == 1001)
    #expect((object["recent_news"] as? [[String: Any]])?.last?["id"] as? Int == 12)
    #expect(object["origin"] as? String == "network")
    let again = try await kumiki(["home", "--json"], api: server.baseURL, folder: folder)
    let cached = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
    #expect(cached["origin"] as? String == "cache")
    #expect(cached["campaign_banners"] as? [[String: Any]] != nil)
  }

  /// Home's text shows the campaigns' titles, the same from the network and from the response cache.
  @Test func homePrintsItsCampaignsFromTheNetworkAndTheCache() async throws {
    let folder = try TemporaryFolder()
    let server = try await FixtureServer.start(.init(port: 0))
    let first = try await kumiki(["home"], api: server.baseURL, folder: folder)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("春の食材フェア開催中"))
    await server.shutdown()
    let offline = try await kumiki(
      ["home"], api: server.baseURL, folder: folder, environment: ["KUMIKI_CACHE_MAX_AGE": "0"])
    #expect(offline.status == 0, "\(offline.stderr)")
    #expect(offline.stdout.contains("春の食材フェア開催中"))
  }
}
