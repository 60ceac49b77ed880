import Core
import CoreTesting
import FeatureKit
import Foundation
import Networking
import PersistenceTesting
import QueryCache
import Testing

/// The `Idempotency-Key` of a feature's write (FeatureKit's mutation through the query layer): a submit — a user
/// action — gets a new key; the Retry the user asks for after a failure sends the same input with the key of the
/// attempt it retries, so a write whose answer was lost is done once (issue 36, item 1).
@Suite struct IdempotencyKeyRetryTests {
  let server = ChefServer()
  let keys = CountingKeys()

  @Test func aRetryTheUserAsksForReusesTheKeyAndANewSubmitMakesANewOne() async {
    // No outbox (`--fresh`, or an app without one): a lost answer fails the write, and the user retries it.
    let cache = QueryCache(
      http: server.client, storage: InMemoryResponseCache().client,
      configuration: QueryCacheConfiguration(baseURL: Chef.baseURL, retry: .never), idempotencyKey: keys.next)
    let screen = TestStore(
      initialState: Chef.State(), reducer: Chef.reducer, middlewares: Chef.middlewares(cache.client),
      clock: TestClock(), exhaustivity: .off)
    server.failWrites(HTTPError.timedOut(Chef.baseURL))
    await screen.send(.rename(.submit(Chef.Rename(name: "Soba-san"))))
    await screen.store.settled()
    #expect(screen.state.rename.phase.failure != nil)
    server.failWrites(nil)
    await screen.send(.rename(.retry))
    await screen.store.settled()
    #expect(screen.state.rename.phase.output?.name == "Soba-san")
    await screen.send(.rename(.submit(Chef.Rename(name: "Udon-san"))))
    await screen.store.settled()
    let sent = server.requests.filter { $0.method == .patch }.map { $0.headers["Idempotency-Key"] }
    #expect(sent == ["key-1", "key-1", "key-2"])
  }
}
