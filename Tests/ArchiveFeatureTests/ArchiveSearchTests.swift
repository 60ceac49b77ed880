import ArchiveFeature
import CoreTesting
import FixtureData
import Foundation
import Networking
import NetworkingTesting
import PersistenceTesting
import Testing

@Suite("Archive search")
struct ArchiveSearchTests {
  typealias State = ArchiveFeature.State

  @Test("the first appearance searches everything and observes the saved items; a second one does not search again")
  func appearSearchesOnce() async throws {
    let fake = FakeHTTPClient()
    try ArchiveFixture.stubSearch(fake)
    let gate = Gate()
    let store = makeArchiveStore(http: gated(fake.client, by: gate))
    let first = ArchiveFixture.page(.all, ids: Array(1...20), total: 36)

    await store.send(.appeared) {
      $0.requests = [.observeSaved]
      $0.searching()
      $0.toast.screenAppeared()
    }
    await store.receive(.savedListLoaded([])) {
      $0.saved = .empty
      $0.requests = []
      $0.load.settle()
    }
    gate.open()
    await store.receive(.load(.loaded(first))) { $0.showing(first) }
    #expect(store.state.results?.hasMore == true)

    await store.send(.appeared) {
      $0.requests = [.observeSaved]
      $0.toast.screenAppeared()
    }
    await store.receive(.savedListLoaded([])) {
      $0.requests = []
      $0.load.settle()
    }
    await store.send(.terminated) { $0.requests = [.stopObservingSaved] }
    await store.finish()
    #expect(queries(fake.requests) == [["_page=1", "_limit=20"]])
    #expect(fake.requests.first?.url.absoluteString == "http://archive.test/achive_images")
  }

  @Test("a failed search shows the server's error; retry searches again and succeeds")
  func failureAndRetry() async throws {
    let fake = FakeHTTPClient()
    let (body, total) = try ArchiveFixture.answer(.all, page: 1)
    fake.stub("/achive_images", .status(500), .json(body, headers: ["X-Total-Count": String(total)]))
    let store = makeArchiveStore(http: fake.client)
    let url = URL(string: "http://archive.test/achive_images?_page=1&_limit=20")!
    let message = HTTPError.serverError(status: 500, url: url).description

    await store.send(.search(.all, page: 1)) {
      $0.searching()
    }
    await store.receive(.load(.failed(message))) {
      $0.load.phase = .failed(message)
      $0.requests = []
      $0.load.settle()
    }
    #expect(message.contains("(500)"))

    let page = ArchiveFixture.page(.all, ids: Array(1...20), total: 36)
    await store.send(.load(.retry)) {
      $0.searching(networkFirst: true)
    }
    await store.receive(.load(.loaded(page))) {
      $0.showing(page)
      $0.requests = []
    }
    await store.finish()
  }

  @Test("keyword and category combine: each change keeps the other condition; clear all resets both")
  func conditionsCombine() async throws {
    let fake = FakeHTTPClient()
    // Least specific first: the latest matching stub wins.
    try ArchiveFixture.stubSearch(fake, .all)
    try ArchiveFixture.stubSearch(fake, ArchiveQuery(category: "和食"))
    try ArchiveFixture.stubSearch(fake, ArchiveQuery(category: "カレー"))
    try ArchiveFixture.stubSearch(fake, ArchiveQuery(keyword: "カレー"))
    try ArchiveFixture.stubSearch(fake, ArchiveQuery(keyword: "ラーメン"))
    try ArchiveFixture.stubSearch(fake, ArchiveQuery(keyword: "カレー", category: "和食"))
    try ArchiveFixture.stubSearch(fake, ArchiveQuery(keyword: "カレー", category: "カレー"))
    let store = makeArchiveStore(http: fake.client)

    let curry = ArchiveQuery(keyword: "カレー")
    let curryPage = ArchiveFixture.page(curry, ids: [6, 11, 12, 14, 15, 18, 19, 24, 30, 36], total: 10)
    await store.send(.keywordSubmitted("  カレー ")) {
      $0.keyword = "カレー"
      $0.searching()
    }
    await store.receive(.load(.loaded(curryPage))) {
      $0.showing(curryPage)
      $0.requests = []
    }

    let curryWashoku = ArchiveQuery(keyword: "カレー", category: "和食")
    let udon = ArchiveFixture.page(curryWashoku, ids: [19], total: 1)
    await store.send(.categorySelected("和食")) {
      $0.category = "和食"
      $0.searching()
    }
    await store.receive(.load(.loaded(udon))) {
      $0.showing(udon)
      $0.requests = []
    }
    #expect(store.state.results?.items.first?.dishName == "カレーうどん")

    let washoku = ArchiveFixture.page(ArchiveQuery(category: "和食"), ids: [1, 7, 13, 19, 25, 31], total: 6)
    await store.send(.keywordSubmitted("")) {
      $0.keyword = ""
      $0.searching()
    }
    await store.receive(.load(.loaded(washoku))) {
      $0.showing(washoku)
      $0.requests = []
    }

    await store.send(.keywordSubmitted("カレー")) {
      $0.keyword = "カレー"
      $0.searching()
    }
    await store.receive(.load(.loaded(udon))) {
      $0.showing(udon)
      $0.requests = []
    }

    let curryCategory = ArchiveFixture.page(
      ArchiveQuery(keyword: "カレー", category: "カレー"), ids: [6, 12, 18, 24, 30, 36], total: 6)
    await store.send(.categorySelected("カレー")) {
      $0.category = "カレー"
      $0.searching()
    }
    await store.receive(.load(.loaded(curryCategory))) {
      $0.showing(curryCategory)
      $0.requests = []
    }

    await store.send(.categorySelected(nil)) {
      $0.category = nil
      $0.searching()
    }
    await store.receive(.load(.loaded(curryPage))) {
      $0.showing(curryPage)
      $0.requests = []
    }

    let everything = ArchiveFixture.page(.all, ids: Array(1...20), total: 36)
    await store.send(.categorySelected("和食")) {
      $0.category = "和食"
      $0.searching()
    }
    await store.receive(.load(.loaded(udon))) {
      $0.showing(udon)
      $0.requests = []
    }
    await store.send(.clearAll) {
      $0.keyword = ""
      $0.category = nil
      $0.searching()
    }
    await store.receive(.load(.loaded(everything))) {
      $0.showing(everything)
      $0.requests = []
    }

    let ramen = ArchiveQuery(keyword: "ラーメン")
    await store.send(.keywordSubmitted("ラーメン")) {
      $0.keyword = "ラーメン"
      $0.searching()
    }
    await store.receive(.load(.loaded(ArchivePage(query: ramen, page: 1, items: [], total: 0)))) {
      $0.load.phase = nothing(ramen)
      $0.requests = []
      $0.load.settle()
    }
    await store.finish()

    #expect(
      queries(fake.requests) == [
        ["q=カレー", "_page=1", "_limit=20"],
        ["q=カレー", "category=和食", "_page=1", "_limit=20"],
        ["category=和食", "_page=1", "_limit=20"],
        ["q=カレー", "category=和食", "_page=1", "_limit=20"],
        ["q=カレー", "category=カレー", "_page=1", "_limit=20"],
        ["q=カレー", "_page=1", "_limit=20"],
        ["q=カレー", "category=和食", "_page=1", "_limit=20"],
        ["_page=1", "_limit=20"],
        ["q=ラーメン", "_page=1", "_limit=20"],
      ])
  }

  @Test("a new keyword cancels the search still in flight; its late answer never reaches the state")
  func newKeywordCancelsInFlight() async throws {
    let started = Gate()
    let release = Gate()
    let wasCancelled = Box<Bool?>(nil)
    let curry = ArchiveQuery(keyword: "カレー")
    let client = fixtureClient { query, page in
      if query == curry {
        started.open()
        await release.wait()
        wasCancelled.set(Task.isCancelled)
      }
      return try ArchiveFixture.page(query, page)
    }
    let store = makeArchiveStore(client: client, saved: InMemoryPersistence().savedItems)

    await store.send(.keywordSubmitted("カレー")) {
      $0.keyword = "カレー"
      $0.searching()
    }
    await started.wait()
    let brulee = ArchiveQuery(keyword: "crème")
    await store.send(.keywordSubmitted("crème")) {
      $0.keyword = "crème"
      $0.searching()
    }
    let page = ArchiveFixture.page(brulee, ids: [26], total: 1)
    await store.receive(.load(.loaded(page))) {
      $0.showing(page)
      $0.requests = []
    }
    release.open()
    await store.finish()
    #expect(wasCancelled.current == true)
    #expect(store.state.results?.items.map(\.dishName) == ["Crème brûlée"])
  }

  @Test("results load 20 at a time until the end: 36 items in two pages")
  func pagingToTheEnd() async throws {
    let fake = FakeHTTPClient()
    try ArchiveFixture.stubSearch(fake, .all, page: 1)
    try ArchiveFixture.stubSearch(fake, .all, page: 2)
    let store = makeArchiveStore(http: fake.client)
    let first = ArchiveFixture.page(.all, ids: Array(1...20), total: 36)
    let second = ArchiveFixture.page(.all, page: 2, ids: Array(21...36), total: 36)

    await store.send(.search(.all, page: 1)) {
      $0.searching()
    }
    await store.receive(.load(.loaded(first))) {
      $0.showing(first)
      $0.requests = []
    }
    await store.send(.load(.more)) {
      $0.load.loadsMore = true
      $0.load.startsMore = true
      $0.load.moreFailure = nil
    }
    await store.receive(.load(.moreLoaded(second))) {
      $0.load.phase = .loaded(ArchiveResults(query: .all, items: ArchiveFixture.items(1...36), total: 36, lastPage: 2))
      $0.load.loadsMore = false
      $0.requests = []
      $0.load.settle()
    }
    #expect(store.state.results?.hasMore == false)
    await store.send(.load(.more))  // nothing more to load: starts nothing
    await store.finish()
    #expect(queries(fake.requests) == [["_page=1", "_limit=20"], ["_page=2", "_limit=20"]])
  }

  @Test("a failed \"load more\" keeps the loaded items and retries with load more")
  func loadMoreFailure() async throws {
    let fake = FakeHTTPClient()
    try ArchiveFixture.stubSearch(fake, .all, page: 1)
    let (body, total) = try ArchiveFixture.answer(.all, page: 2)
    fake.stub(
      "/achive_images", query: [URLQueryItem(name: "_page", value: "2")],
      .status(503), .json(body, headers: ["X-Total-Count": String(total)]))
    let first = ArchiveFixture.page(.all, ids: Array(1...20), total: 36)
    let store = makeArchiveStore(http: fake.client, state: State(load: searched(.loaded(ArchiveResults(first)))))
    let url = URL(string: "http://archive.test/achive_images?_page=2&_limit=20")!
    let message = HTTPError.serverError(status: 503, url: url).description

    await store.send(.load(.more)) {
      $0.load.loadsMore = true
      $0.load.startsMore = true
      $0.load.moreFailure = nil
    }
    await store.receive(.load(.moreFailed(message))) {
      $0.load.loadsMore = false
      $0.load.moreFailure = message
      $0.requests = []
      $0.load.settle()
    }
    await store.send(.load(.more)) {
      $0.load.loadsMore = true
      $0.load.startsMore = true
      $0.load.moreFailure = nil
    }
    await store.receive(.load(.moreLoaded(ArchiveFixture.page(.all, page: 2, ids: Array(21...36), total: 36)))) {
      $0.load.phase = .loaded(ArchiveResults(query: .all, items: ArchiveFixture.items(1...36), total: 36, lastPage: 2))
      $0.load.loadsMore = false
      $0.requests = []
      $0.load.settle()
    }
    await store.finish()
  }

  @Test("a new search cancels a \"load more\" in flight")
  func newSearchCancelsLoadMore() async throws {
    let started = Gate()
    let release = Gate()
    let wasCancelled = Box<Bool?>(nil)
    let client = fixtureClient { query, page in
      if page == 2 {
        started.open()
        await release.wait()
        wasCancelled.set(Task.isCancelled)
      }
      return try ArchiveFixture.page(query, page)
    }
    let first = ArchiveFixture.page(.all, ids: Array(1...20), total: 36)
    let store = makeArchiveStore(
      client: client, saved: InMemoryPersistence().savedItems,
      state: State(load: searched(.loaded(ArchiveResults(first)))))

    await store.send(.load(.more)) {
      $0.load.loadsMore = true
      $0.load.startsMore = true
      $0.load.moreFailure = nil
    }
    await started.wait()
    await store.send(.categorySelected("洋食")) {
      $0.category = "洋食"
      $0.searching()
    }
    let western = ArchiveFixture.page(ArchiveQuery(category: "洋食"), ids: [2, 8, 14, 20, 26, 32], total: 6)
    await store.receive(.load(.loaded(western))) {
      $0.showing(western)
      $0.requests = []
    }
    release.open()
    await store.finish()
    #expect(wasCancelled.current == true)
  }

  @Test("refresh searches the current conditions again and re-reads the saved list")
  func refresh() async throws {
    let persistence = InMemoryPersistence(savedItems: [ArchiveFixture.savedItem(19)])
    let gate = Gate()
    let client = fixtureClient { query, page in
      await gate.wait()
      return try ArchiveFixture.page(query, page)
    }
    let store = makeArchiveStore(
      client: client, saved: persistence.savedItems, state: State(keyword: "カレー", category: "和食"))
    await store.send(.refresh) {
      $0.saved = .loading
      $0.requests = [.readSaved]
      $0.searching(networkFirst: true)
    }
    await store.receive(.savedListLoaded([ArchiveFixture.entry(19)])) {
      $0.saved = .loaded([ArchiveFixture.entry(19)])
      $0.requests = []
      $0.load.settle()
    }
    gate.open()
    let udon = ArchiveFixture.page(ArchiveQuery(keyword: "カレー", category: "和食"), ids: [19], total: 1)
    await store.receive(.load(.loaded(udon))) { $0.showing(udon) }
    await store.finish()
  }

  // The fixture data these searches rely on (its shape is the folder's fixtures.contract.json).

  @Test("archive items spread over the six categories, with カレー inside and outside its category")
  func archiveCategories() throws {
    let archive = try archiveObjects()
    let categories = Set(archive.compactMap { $0["category"] })
    #expect(categories == Set(["和食", "洋食", "中華料理", "韓国料理", "エスニック料理", "カレー"].map { JSONValue.string($0) }))
    func mentionsCurry(_ item: JSONObject) -> Bool {
      [item["dish_name"], item["introduction"]].contains { value in
        if case .string(let text)? = value { text.contains("カレー") } else { false }
      }
    }
    let curryInCategory = archive.filter { $0["category"] == .string("カレー") && mentionsCurry($0) }
    let curryElsewhere = archive.filter { $0["category"] != .string("カレー") && mentionsCurry($0) }
    #expect(curryInCategory.count >= 3)
    #expect(curryElsewhere.count >= 2)
  }

  @Test("awkward values are present: a combining mark, a flag emoji, a very long introduction")
  func awkwardValues() throws {
    let texts = try archiveObjects()
      .flatMap {
        $0.members.compactMap { member -> String? in
          if case .string(let text) = member.value { text } else { nil }
        }
      }
    let scalars = texts.flatMap { Array($0.unicodeScalars) }
    let hasCombiningMark = scalars.contains { (scalar: Unicode.Scalar) in
      scalar.properties.generalCategory == Unicode.GeneralCategory.nonspacingMark
    }
    let hasFlag = scalars.contains { (scalar: Unicode.Scalar) in (0x1F1E6...0x1F1FF).contains(scalar.value) }
    #expect(hasCombiningMark)
    #expect(hasFlag)
    #expect(texts.contains { $0.count >= 1000 })
  }

  /// The fixture's archive items as objects.
  private func archiveObjects() throws -> [JSONObject] {
    try ArchiveFixture.elements().compactMap { element -> JSONObject? in
      if case .object(let object) = element { object } else { nil }
    }
  }
}
