import ArchiveFeature
import CoreTesting
import FeatureKit
import Persistence
import PersistenceTesting
import Presentation
import Testing

/// The Archive mounted a second time, fixed to one category (the app's `curry` mount).
@Suite("Archive fixed to one category")
struct ArchiveFixedCategoryTests {
  typealias State = ArchiveFeature.State

  static var curryState: State {
    var state = State()
    state.fix(category: "カレー")
    return state
  }

  static let curryItems = [6, 12, 18, 24, 30, 36]

  func module() -> FeatureModule<State, ArchiveFeature.Action> {
    ArchiveFeature.module(client: fixtureClient(), saved: InMemoryPersistence().savedItems)
      .mounted(as: "curry", title: "カレー") { $0.fix(category: "カレー") }
  }

  @Test("the mount has its own key, title, commands' group and a state fixed to カレー with no chips")
  func mount() {
    let module = module()
    #expect(module.key == "curry")
    #expect(module.title == "カレー")
    #expect(module.initialState == Self.curryState)
    #expect(module.initialState.category == "カレー")
    #expect(module.initialState.categories.isEmpty)
    let text = ArchiveFeature.present(module.initialState).plainText
    #expect(text.contains("Only カレー"))
    #expect(!text.contains("和食"))
  }

  @Test("its commands are its own: no --category, examples without one, an abstract naming カレー")
  func commandsOfTheMount() throws {
    let search = try #require(module().commands.first { $0.path == ["search"] })
    #expect(search.arguments.map(\.name) == ["keyword", "page", "last"])
    #expect(search.examples == ["search", "search チキン --page 1", "search --last"])
    #expect(search.abstract == "Search the カレー items by keyword, 20 results a page.")
    #expect(module().commands.map(\.path) == [["search"], ["item"], ["save"], ["unsave"], ["saved"]])
    let archive = try #require(ArchiveFeature.commands.first { $0.path == ["search"] })
    #expect(archive.arguments.map(\.name) == ["keyword", "category", "page", "last"])
    #expect(archive.examples.first == "search カレー")
  }

  @Test("its first search asks for カレー only; clear all keeps the category and clears the keyword")
  func searchesKeepTheCategory() async throws {
    // The saved list and the first search are two effects of one action: the search waits until the saved list
    // has arrived, so they answer in one order on every run.
    let savedFirst = Gate()
    let store = makeArchiveStore(
      client: fixtureClient(search: { query, page in
        await savedFirst.wait()
        return try ArchiveFixture.page(query, page)
      }),
      saved: InMemoryPersistence().savedItems, state: Self.curryState)
    let curry = ArchiveQuery(category: "カレー")
    let page = try ArchiveFixture.page(curry, 1)
    #expect(page.items.map(\.id) == Self.curryItems)

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
    savedFirst.open()
    await store.receive(.load(.loaded(page))) { $0.showing(page) }

    await store.send(.keywordSubmitted("チキン")) {
      $0.keyword = "チキン"
      $0.searching()
    }
    let chicken = try ArchiveFixture.page(ArchiveQuery(keyword: "チキン", category: "カレー"), 1)
    await store.receive(.load(.loaded(chicken))) {
      $0.showing(chicken)
      $0.requests = []
    }
    #expect(ArchiveFeature.present(store.state).actions.contains(.clearAll))

    await store.send(.clearAll) {
      $0.keyword = ""
      $0.searching()
    }
    await store.receive(.load(.loaded(page))) {
      $0.showing(page)
      $0.requests = []
    }
    // Nothing left to clear: the button stays, disabled.
    #expect(!ArchiveFeature.present(store.state).actions.contains(.clearAll))
    await store.send(.terminated) { $0.requests = [.stopObservingSaved] }
    await store.finish()
  }

  @Test("a chip action is ignored; a CLI search for another category fails and says why, sending nothing")
  func otherCategoriesAreRefused() async {
    let store = makeArchiveStore(
      client: fixtureClient(), saved: InMemoryPersistence().savedItems, state: Self.curryState)
    await store.send(.categorySelected("和食"))
    await store.send(.search(ArchiveQuery(keyword: "鯛", category: "和食"), page: 1)) {
      $0.keyword = "鯛"
      $0.load.phase = .failed("This list shows only カレー; search the archive for 和食.")
    }
    await store.finish()
  }

  @Test("the saved list shows only カレー items, while the hearts know every saved item")
  func savedListIsFiltered() {
    var state = Self.curryState
    state.saved = .loaded([ArchiveFixture.entry(1), ArchiveFixture.entry(6)])
    state.mode = .saved
    #expect(state.shownSaved.map(\.id) == [6])
    #expect(state.savedIDs == [1, 6])
    let text = ArchiveFeature.present(state).plainText
    #expect(text.contains("Saved (1)"))
    #expect(text.contains("1 saved item"))

    state.saved = .loaded([ArchiveFixture.entry(1)])
    #expect(
      ArchiveFeature.present(state).plainText.contains(
        "No saved カレー items yet. Save one from the search results."))
    let saved = ArchiveFeature.commands.first { $0.path == ["saved"] }
    guard case .success(_, let json)? = saved?.output(state, CommandInput()) else {
      Issue.record("saved output failed")
      return
    }
    #expect(json.text == #"{"items":[]}"#)
  }
}
