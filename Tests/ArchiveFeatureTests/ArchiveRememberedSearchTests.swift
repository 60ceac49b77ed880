import ArchiveFeature
import CoreTesting
import FeatureKit
import Foundation
import PersistenceTesting
import Testing

/// Archive's last search, kept across runs through the contract's persisted state.
@Suite("Archive remembers its search")
struct ArchiveRememberedSearchTests {
  typealias State = ArchiveFeature.State
  let persistence = ArchiveFeature.persistence

  func restored(_ data: Data?, version: Int = 1, into state: State = State()) -> State {
    var state = state
    if let data { persistence.restore(&state, data, version) }
    return state
  }

  @Test("keyword, category and list are saved; results, phases and the detail are not")
  func savesTheConditions() throws {
    let page = ArchiveFixture.page(ArchiveQuery(keyword: "鯛"), ids: [1], total: 1)
    let state = State(
      keyword: "鯛 ", category: "和食", load: searched(.loaded(ArchiveResults(page))), saved: .empty, mode: .saved,
      detail: ArchiveFixture.itemsByID[1], notice: "x")
    let data = try #require(persistence.save(state))
    #expect(persistence.version == 1)
    #expect(
      try JSONDecoder().decode(ArchiveRememberedSearch.self, from: data)
        == ArchiveRememberedSearch(keyword: "鯛 ", category: "和食", mode: .saved))
    var expected = State()
    expected.keyword = "鯛 "
    expected.category = "和食"
    expected.mode = .saved
    #expect(restored(data) == expected)
  }

  @Test("a fixed mount keeps its own category; an unknown category is dropped; other versions and bad data are ignored")
  func restoreIsCareful() throws {
    let data = try #require(persistence.save(State(keyword: "チキン", category: "和食")))
    var curry = State()
    curry.fix(category: "カレー")
    var expected = curry
    expected.keyword = "チキン"
    #expect(restored(data, into: curry) == expected)

    let unknown = try JSONEncoder().encode(ArchiveRememberedSearch(keyword: "x", category: "宇宙食", mode: .search))
    #expect(restored(unknown).category == nil)
    #expect(restored(unknown).keyword == "x")

    #expect(restored(data, version: 2) == State())
    #expect(restored(Data("{not json".utf8)) == State())
  }

  @Test("the module persists through the contract")
  func moduleDeclaresIt() {
    let module = ArchiveFeature.module(client: fixtureClient(), saved: InMemoryPersistence().savedItems)
    #expect(module.persistence?.version == 1)
  }

  @Test("search --last repeats the restored conditions; it takes no keyword or category")
  func searchLast() async throws {
    let search = try #require(ArchiveFeature.commands.first { $0.path == ["search"] })
    #expect(try search.actions(CommandInput(flags: ["last"])) == [.resumeSearch(page: 1)])
    #expect(try search.actions(CommandInput(values: ["page": "2"], flags: ["last"])) == [.resumeSearch(page: 2)])
    #expect(throws: CommandError.usage("--last repeats the last search: give no keyword or --category with it")) {
      try search.actions(CommandInput(values: ["keyword": "x"], flags: ["last"]))
    }

    let store = makeArchiveStore(
      client: fixtureClient(), saved: InMemoryPersistence().savedItems,
      state: State(keyword: "鯛", category: "和食"))
    let query = ArchiveQuery(keyword: "鯛", category: "和食")
    await store.send(.resumeSearch(page: 1)) {
      $0.searching()
    }
    let page = try ArchiveFixture.page(query, 1)
    await store.receive(.load(.loaded(page))) {
      $0.showing(page)
      $0.requests = []
    }
    #expect(page.items.map(\.id) == [1])
    await store.finish()
  }
}
