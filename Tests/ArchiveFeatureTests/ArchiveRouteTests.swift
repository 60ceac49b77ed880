import ArchiveFeature
import Core
import CoreTesting
import FeatureAssembly
import FeatureKit
import Foundation
import Networking
import PersistenceTesting
import Testing

/// Archive's routes: what another feature opens by value (`archive/item/<id>`, `archive/search/<keyword>`), and the
/// `item` command they print in the CLI.
@Suite("Archive routes")
struct ArchiveRouteTests {
  typealias State = ArchiveFeature.State

  @Test("open shows a known item at once")
  func openKnownItem() async {
    let saved = [ArchiveFixture.entry(6)]
    let store = makeArchiveStore(
      client: fixtureClient(), saved: InMemoryPersistence().savedItems, state: State(saved: .loaded(saved)))
    await store.send(.open(6)) { $0.detail = ArchiveFixture.itemsByID[6] }
    await store.finish()
  }

  @Test("open fetches an item the screen does not know, and shows it when it arrives")
  func openFetches() async {
    let store = makeArchiveStore(client: fixtureClient(), saved: InMemoryPersistence().savedItems)
    await store.send(.open(12)) {
      $0.opening = 12
      $0.requests = [.fetchItem(12)]
    }
    await store.receive(.opened(ArchiveFixture.itemsByID[12]!)) {
      $0.opening = nil
      $0.detail = ArchiveFixture.itemsByID[12]
      $0.requests = []
      $0.load.settle()
    }
    await store.finish()
  }

  @Test("an item that does not exist is a notice, not a detail")
  func openMissing() async {
    let store = makeArchiveStore(client: fixtureClient(), saved: InMemoryPersistence().savedItems)
    await store.send(.open(999_999)) {
      $0.opening = 999_999
      $0.requests = [.fetchItem(999_999)]
    }
    await store.receive(.openFailed(id: 999_999, message: "no archive item 999999")) {
      $0.opening = nil
      $0.notice = "no archive item 999999"
      $0.requests = []
      $0.load.settle()
    }
    await store.finish()
  }

  @Test("an item that arrives after the detail was closed opens nothing")
  func lateItemIgnored() async {
    let store = makeArchiveStore(client: fixtureClient(), saved: InMemoryPersistence().savedItems)
    store.exhaustivity = .off
    await store.send(.open(12))
    await store.send(.closeDetail) { $0.opening = nil }
    await store.send(.opened(ArchiveFixture.itemsByID[12]!))
    #expect(store.state.detail == nil)
    await store.finish()
    store.skipReceivedActions()
  }

  @Test("the routes resolve, open the detail and close it again, and name the commands")
  func routesResolve() async throws {
    let module = ArchiveFeature.module(client: fixtureClient(), saved: InMemoryPersistence().savedItems)
    let app = try FeatureRegistry([module.erased, module.mounted(as: "curry").erased]).assemble()
    #expect(
      app.declaredRoutes.map(\.pattern)
        == ["archive/item/<id>", "archive/search/<keyword>", "curry/item/<id>", "curry/search/<keyword>"])
    let item = try app.resolve(Route(parsing: "archive/item/6"))
    #expect(item.command == ["archive", "item", "6"])
    for action in item.open { app.store.dispatch(action) }
    await app.store.settled()
    #expect(app.store.state["archive", as: State.self]?.detail?.id == 6)
    for action in item.close { app.store.dispatch(action) }
    #expect(app.store.state["archive", as: State.self]?.detail == nil)
    let search = try app.resolve(Route("curry", "search", .string("チキン")))
    #expect(search.command == ["curry", "search", "チキン"])
    #expect(throws: RouteError.invalid("archive/item/<id>", reason: "id must be from 1 to 999999")) {
      try app.resolve(Route(parsing: "archive/item/0"))
    }
    #expect(throws: RouteError.invalid("archive/search/<keyword>", reason: "keyword must not start with -")) {
      try app.resolve(Route(parsing: "archive/search/--json"))
    }
  }

  @Test("the search route searches the keyword on the search list")
  func searchRoute() throws {
    let route = try #require(ArchiveFeature.routes.first { $0.declaration.name == "search" })
    let values = try route.declaration.values(of: [.string("カレー")], owner: "archive")
    #expect(route.open(values) == [.closeDetail, .showMode(.search), .keywordSubmitted("カレー")])
    #expect(route.command(values) == ["search", "カレー"])
  }

  @Test("archive item ID prints the item, or why not")
  func itemCommand() throws {
    let command = try #require(ArchiveFeature.commands.first { $0.path == ["item"] })
    #expect(try command.actions(CommandInput(values: ["id": "6"])) == [.loadSaved, .open(6)])
    #expect(throws: CommandError.self) { try command.actions(CommandInput(values: ["id": "0"])) }
    let item = ArchiveFixture.itemsByID[6]!
    guard case .success(_, let json) = command.output(State(detail: item), CommandInput(values: ["id": "6"])) else {
      Issue.record("expected the item")
      return
    }
    #expect(json.text.hasPrefix("{\"item\":{\"id\":6,"))
    guard
      case .failure(let reason) = command.output(State(notice: "no archive item 7"), CommandInput(values: ["id": "7"]))
    else {
      Issue.record("expected a failure")
      return
    }
    #expect(reason == "no archive item 7")
  }
}
