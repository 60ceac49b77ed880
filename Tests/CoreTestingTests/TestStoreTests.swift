import Core
import CoreTesting
import Testing

@Suite struct TestStoreTests {
  struct Search: Equatable, Sendable {
    var query = ""
    var isLoading = false
    var results: [String] = []
  }

  enum SearchAction: Equatable, Sendable {
    case search(String)
    case loaded([String])
    case clear
  }

  static let reducer = Reducer<Search, SearchAction> { state, action in
    switch action {
    case .search(let query):
      state.query = query
      state.isLoading = true
    case .loaded(let results):
      state.isLoading = false
      state.results = results
    case .clear:
      state = Search()
    }
  }

  static let searchEffect = Middleware<Search, SearchAction>.after { context, action in
    guard case .search(let query) = action else { return }
    context.run(id: "search", cancelInFlight: true) { send in
      await Task.yield()
      send(.loaded([query + " 1", query + " 2"]))
    }
  }

  func makeStore(_ exhaustivity: Exhaustivity = .on) -> TestStore<Search, SearchAction> {
    TestStore(
      initialState: Search(),
      reducer: Self.reducer,
      middlewares: [Self.searchEffect],
      exhaustivity: exhaustivity
    )
  }

  @Test func exhaustiveFlowPasses() async {
    let store = makeStore()
    await store.send(.search("カレー")) {
      $0.query = "カレー"
      $0.isLoading = true
    }
    await store.receive(.loaded(["カレー 1", "カレー 2"])) {
      $0.isLoading = false
      $0.results = ["カレー 1", "カレー 2"]
    }
    await store.send(.clear) { $0 = Search() }
    await store.finish()
  }

  @Test func wrongStateAssertionFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.search("udon")) { $0.query = "udon" }  // forgot isLoading
    }
    await store.receive(.loaded(["udon 1", "udon 2"])) {
      $0.isLoading = false
      $0.results = ["udon 1", "udon 2"]
    }
    await store.finish()
  }

  @Test func unexpectedReceivedActionFails() async {
    let store = makeStore()
    await store.send(.search("soba")) {
      $0.query = "soba"
      $0.isLoading = true
    }
    await withKnownIssue {
      await store.receive(.loaded(["ramen"]))
    }
  }

  @Test func receivingWhenNothingWillArriveFailsInsteadOfHanging() async {
    let store = makeStore()
    await store.send(.clear)
    await withKnownIssue {
      await store.receive(.loaded([]))
    }
  }

  @Test func sendingWithUnassertedReceivedActionsFails() async {
    let store = makeStore()
    await store.send(.search("pho")) {
      $0.query = "pho"
      $0.isLoading = true
    }
    await store.store.settled()
    await withKnownIssue {
      await store.send(.clear) { $0 = Search() }
    }
    store.skipReceivedActions()
  }

  @Test func finishReportsUnassertedActions() async {
    let store = makeStore()
    await store.send(.search("tom yum")) {
      $0.query = "tom yum"
      $0.isLoading = true
    }
    await withKnownIssue {
      await store.finish()
    }
    store.skipReceivedActions()
  }

  @Test func finishReportsEffectsThatNeverEnd() async {
    let store = makeStore()
    store.store.run(id: "forever") { _ in
      while !Task.isCancelled { await Task.yield() }
    }
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    }
  }

  @Test func nonExhaustiveChecksOnlyWhatIsMentioned() async {
    let store = makeStore(.off)
    await store.send(.search("bibimbap")) { $0.isLoading = true }
    await store.receive(.loaded(["bibimbap 1", "bibimbap 2"])) { $0.results[1] = "bibimbap 2" }
    #expect(store.state.query == "bibimbap")
  }

  @Test func nonExhaustiveStillCatchesContradictions() async {
    let store = makeStore(.off)
    await withKnownIssue {
      await store.send(.search("nasi")) { $0.isLoading = false }
    }
    await store.finish()
  }
}
