import Core
import CoreTesting
import FeatureKit
import FixtureServer
import Foundation
import Networking
import NetworkingCurl
import PersistenceSQLite
import Presentation
import ProfileFeature
import QueryCache
import Testing

/// Profile's optimistic nickname edit for real: two mounts of the Profile screen over one query layer (libcurl, a
/// response cache file in SQLite) against the fixture server. The new nickname shows on both before the server
/// answers; a refusal rolls it back on both, with the message; an accepted edit stays, and the server has it.
@Suite(.timeLimit(.minutes(2)))
struct OptimisticSaveIntegrationTests {
  static let nickname = "組木の編集者"

  /// Two launches sharing the first one's query layer, both loaded, wired as the app wires them: the query layer's
  /// change notification becomes `.load(.changed)` on every screen.
  private func twoMounts(_ world: World) async throws -> (editor: Launch, other: Launch) {
    let editor = try world.launch(timeout: .seconds(10))
    let client = ProfileClient.live(http: editor.cache.client, baseURL: world.server.baseURL)
    let module = ProfileFeature.module(client: client)
    let other = Launch(
      database: editor.database, cache: editor.cache, client: client,
      store: TestStore(initialState: module.initialState, reducer: module.reducer, middlewares: module.middlewares),
      present: module.present!, baseURL: world.server.baseURL)
    for launch in [editor, other] {
      launch.store.exhaustivity = .off
      await launch.store.send(.load(.appear))
      await launch.store.store.settled()
    }
    editor.cache.observeChanges { _ in
      editor.store.store.dispatch(.load(.changed))
      other.store.store.dispatch(.load(.changed))
    }
    await editor.store.send(.editProfile)
    await editor.store.send(.edited("nickname", Self.nickname))
    return (editor, other)
  }

  private func nickname(_ launch: Launch) -> String? { launch.store.state.load.content?.personal.nickname }

  @Test func aSlowAcceptedSaveShowsOnBothMountsAtOnceAndStays() async throws {
    let world = try await World()
    defer { world.remove() }
    let (editor, other) = try await twoMounts(world)
    let before = try #require(nickname(other))

    world.server.setFaults([.latency(milliseconds: 800)], for: .endpoint("profile_personal"))
    await editor.store.send(.save(.submit(ProfilePersonalPatch(nickname: Self.nickname))))
    try await poll("the other mount shows the new nickname") { nickname(other) == Self.nickname }
    #expect(editor.store.state.save.isSending)  // before the server answered
    #expect(nickname(editor) == Self.nickname)
    #expect(editor.store.state.form != nil)

    await editor.store.store.settled()
    world.server.clearFaults()
    #expect(editor.store.state.save.phase.output?.nickname == Self.nickname)
    #expect(editor.store.state.form == nil)
    #expect(nickname(other) == Self.nickname)
    #expect(Self.nickname != before)
    // The server has it, and the cache still holds only what the server said: the old entry, invalidated.
    #expect(try await world.profileFromTheServer().personal.nickname == Self.nickname)
    let entry = try #require(try await editor.entry("profile_personal"))
    #expect(entry.isInvalidated)
    #expect(!String(decoding: entry.body, as: UTF8.self).contains(Self.nickname))
    editor.close()
    await world.server.shutdown()
  }

  @Test func aRefusedSaveIsRolledBackOnBothMountsWithAMessage() async throws {
    let world = try await World()
    defer { world.remove() }
    let (editor, other) = try await twoMounts(world)
    let before = try #require(nickname(other))

    world.server.setFaults([.latency(milliseconds: 300), .status(422)], for: .endpoint("profile_personal"))
    await editor.store.send(.save(.submit(ProfilePersonalPatch(nickname: Self.nickname))))
    try await poll("the other mount shows the new nickname") { nickname(other) == Self.nickname }
    await editor.store.store.settled()
    await other.store.store.settled()
    world.server.clearFaults()

    #expect(nickname(editor) == before)
    #expect(nickname(other) == before)
    let failure = try #require(editor.store.state.save.phase.failure)
    #expect(failure.hasSuffix("- your change was undone"), "\(failure)")
    #expect(failure.contains("422"), "\(failure)")
    // The form keeps the draft and shows the message with Retry.
    #expect(editor.store.state.form?.draft["nickname"] == Self.nickname)
    let overlay = try #require(editor.present(editor.store.state).firstOverlay)
    #expect(overlay.content.firstErrorMessage == failure)
    #expect(try await world.profileFromTheServer().personal.nickname == before)
    editor.close()
    await world.server.shutdown()
  }
}
