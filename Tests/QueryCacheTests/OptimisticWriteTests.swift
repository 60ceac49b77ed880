import Core
import CoreTesting
import FeatureKit
import Foundation
import Networking
import PersistenceTesting
import QueryCache
import Testing

/// Optimistic writes through the query layer, on the test clock: two screens read the chef's card (the editor, which
/// renames it, and another mount); the change shows on both before the server answers, stays when it accepts, and is
/// rolled back with a message when it refuses. The app's wiring is reproduced: the query layer's change
/// notification becomes `.load(.changed)` on every screen.
@Suite struct OptimisticWriteTests {
  let server = ChefServer()
  let storage = InMemoryResponseCache()
  let clock = TestClock()
  static let start = Date(timeIntervalSince1970: 1_795_000_000)
  static let soba = Chef.Rename(name: "Soba-san")

  typealias Screen = TestStore<Chef.State, Chef.Action>

  /// The query layer, and the two screens loaded over it.
  func loadedScreens() async -> (QueryCache, editor: Screen, reader: Screen) {
    let clock = clock
    let cache = QueryCache(
      http: server.client, storage: storage.client, configuration: QueryCacheConfiguration(baseURL: Chef.baseURL),
      now: { Self.start.addingTimeInterval(clock.now.offset.seconds) })
    func screen() -> Screen {
      TestStore(
        initialState: Chef.State(), reducer: Chef.reducer, middlewares: Chef.middlewares(cache.client), clock: clock,
        exhaustivity: .off)
    }
    let (editor, reader) = (screen(), screen())
    cache.observeChanges { _ in
      editor.store.dispatch(.load(.changed))
      reader.store.dispatch(.load(.changed))
    }
    for screen in [editor, reader] {
      await screen.send(.load(.appear))
      await screen.store.settled()
    }
    return (cache, editor, reader)
  }

  private func name(_ screen: Screen) -> String? { screen.state.load.content?.name }

  @Test func theChangeShowsOnEveryScreenBeforeTheServerAnswersAndStaysWhenItAccepts() async {
    let (_, editor, reader) = await loadedScreens()
    #expect(name(reader) == "Ramen-san")
    server.holdWrites()

    await editor.send(.rename(.submit(Self.soba)))
    await server.writeArrived()
    await reader.store.settled()
    #expect(name(reader) == "Soba-san")  // the other mount, before the server answered
    #expect(server.card.name == "Ramen-san")
    #expect(editor.state.rename.isSending)

    server.answerWrites()
    await editor.store.settled()
    await reader.store.settled()
    #expect(editor.state.rename.phase == .sent(Chef.Card(id: 1, name: "Soba-san")))
    #expect(name(editor) == "Soba-san")
    #expect(name(reader) == "Soba-san")
  }

  @Test func aServerThatAnswersLateKeepsTheChangeShownOverNewerReads() async {
    let (_, editor, reader) = await loadedScreens()
    server.holdWrites()
    await editor.send(.rename(.submit(Self.soba)))
    await server.writeArrived()

    // Minutes pass; the reader refreshes from the network, which still has the old name: the pending change is laid
    // over the server's answer too.
    clock.advance(by: .seconds(300))
    await reader.send(.load(.refresh))
    await reader.store.settled()
    #expect(name(reader) == "Soba-san")
    #expect(reader.state.load.origin == .network)

    server.answerWrites()
    await editor.store.settled()
    #expect(editor.state.rename.phase.output?.name == "Soba-san")
    await reader.send(.load(.refresh))
    await reader.store.settled()
    #expect(name(reader) == "Soba-san")
  }

  @Test(
    arguments: [
      (422, nil), (500, nil),
      (200, HTTPError.cannotConnect(Chef.baseURL, reason: "Connection refused")),
    ] as [(Int, HTTPError?)])
  func aRefusedOrFailedWriteIsRolledBackEverywhereWithAMessage(_ status: Int, _ error: HTTPError?) async {
    let (_, editor, reader) = await loadedScreens()
    server.holdWrites()
    server.refuseWrites(status)
    if let error { server.failWrites(error) }

    await editor.send(.rename(.submit(Self.soba)))
    await server.writeArrived()
    await reader.store.settled()
    #expect(name(reader) == "Soba-san")

    server.answerWrites()
    await editor.store.settled()
    await reader.store.settled()
    #expect(name(editor) == "Ramen-san")
    #expect(name(reader) == "Ramen-san")
    let failure = editor.state.rename.phase.failure
    #expect(failure?.hasSuffix(" - your change was undone") == true, "\(failure ?? "no failure")")
    #expect(server.card.name == "Ramen-san")
  }

  @Test func acceptedChangesWithoutARefetchShowTheLatest() async {
    let (_, editor, reader) = await loadedScreens()
    for next in ["Soba-san", "Udon-san", "Soba-san", "Tempura-san"] {
      await editor.send(.rename(.submit(Chef.Rename(name: next))))
      await editor.store.settled()
      await reader.store.settled()
      #expect(name(reader) == next)
    }
    #expect(editor.state.rename.request == 4)
    // The screens re-read the cache only: the server was asked once, at the first load (the second screen's first
    // load read the fresh entry).
    #expect(server.requests.filter { $0.method == .get }.count == 1)
  }

  @Test func theServersNextAnswerReplacesAnAcceptedChange() async {
    let (_, editor, reader) = await loadedScreens()
    await editor.send(.rename(.submit(Self.soba)))
    await editor.store.settled()
    await reader.store.settled()
    #expect(name(reader) == "Soba-san")

    // Someone else renames the chef on the server: its answer is the truth, the accepted change is not laid over it.
    server.card.name = "Udon-san"
    await reader.send(.load(.refresh))
    await reader.store.settled()
    #expect(name(reader) == "Udon-san")
  }

  @Test func aQueuedWriteStaysShownOverTheServersAnswersAndAnInvalidation() async {
    let (cache, editor, reader) = await loadedScreens()
    server.failWrites(WriteQueued(id: 1, pending: 1))

    await editor.send(.rename(.submit(Self.soba)))
    await editor.store.settled()
    await reader.store.settled()
    #expect(editor.state.rename.phase == .queued(Self.soba, pending: 1))
    #expect(name(reader) == "Soba-san")

    // The server does not have the change yet: its answer does not replace it, nor does invalidating the tag. Only
    // its outbox removes it, when it is sent or refused (OutboxExpectedChangesTests).
    await reader.send(.load(.refresh))
    await reader.store.settled()
    #expect(name(reader) == "Soba-san")
    await cache.invalidate(tags: ["chef"])
    await reader.send(.load(.refresh))
    await reader.store.settled()
    await editor.store.settled()
    #expect(name(reader) == "Soba-san")
    #expect(name(editor) == "Soba-san")
  }

  @Test func anInvalidationWithNoChangeShownStillTellsTheScreens() async {
    // A write the outbox kept without an optimistic change (nothing on screen changed), sent later: the screens
    // reading that data are told all the same, and show what the server has now.
    let (cache, editor, reader) = await loadedScreens()
    server.card.name = "Udon-san"
    await cache.invalidate(tags: ["chef"])
    await reader.store.settled()
    await editor.store.settled()
    #expect(name(reader) == "Udon-san")
    #expect(name(editor) == "Udon-san")
  }

  @Test func theCacheKeepsOnlyWhatTheServerSaid() async throws {
    let (_, editor, _) = await loadedScreens()
    server.refuseWrites(422)
    await editor.send(.rename(.submit(Self.soba)))
    await editor.store.settled()
    let key = QueryCacheConfiguration(baseURL: Chef.baseURL).key(for: .get(Chef.baseURL.appending(path: "chef")))
    let entry = try #require(try await storage.client.entry(key))
    #expect(String(decoding: entry.body, as: UTF8.self).contains("Ramen-san"))
  }
}
