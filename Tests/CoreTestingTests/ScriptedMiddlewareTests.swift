import Core
import CoreTesting
import Foundation
import Testing

/// `Middleware.scripted` and `RecordedJSON`: what tests generated from recorded sessions are made of.
@Suite struct ScriptedMiddlewareTests {
  struct Search: Equatable, Codable, Sendable {
    var query = ""
    var isLoading = false
    var results: [String] = []
    var notice: String?
  }

  enum SearchAction: Equatable, Codable, Sendable {
    case search(String)
    case paused
    case loaded([String])
    case clear
  }

  static let reducer = Reducer<Search, SearchAction> { state, action in
    switch action {
    case .search(let query):
      state.query = query
      state.isLoading = true
    case .paused:
      break
    case .loaded(let results):
      state.isLoading = false
      state.results = results
    case .clear:
      state = Search()
    }
  }

  @Test func receivesFollowEachSendInTheRecordedOrder() async {
    let store = TestStore(
      initialState: Search(), reducer: Self.reducer,
      middlewares: [
        .scripted([
          .send(.search("カレー")), .receive(.paused), .receive(.loaded(["特製ビーフカレー"])), .send(.clear),
          .send(.search("鯛")), .receive(.loaded([])),
        ])
      ])
    await store.send(.search("カレー")) {
      $0.query = "カレー"
      $0.isLoading = true
    }
    await store.receive(.paused)
    await store.receive(.loaded(["特製ビーフカレー"])) {
      $0.isLoading = false
      $0.results = ["特製ビーフカレー"]
    }
    await store.send(.clear) { $0 = Search() }
    await store.send(.search("鯛")) {
      $0.query = "鯛"
      $0.isLoading = true
    }
    await store.receive(.loaded([])) { $0.isLoading = false }
    // Past the script, actions pass through and nothing is dispatched.
    await store.send(.search("鯛")) { $0.isLoading = true }
    await store.finish()
  }

  @Test func aSendThatIsNotTheScriptsDispatchesNothingSoTheTestFails() async {
    let store = TestStore(
      initialState: Search(), reducer: Self.reducer,
      middlewares: [.scripted([.send(.search("カレー")), .receive(.loaded(["a"]))])])
    await store.send(.search("ラーメン")) {
      $0.query = "ラーメン"
      $0.isLoading = true
    }
    await withKnownIssue {
      await store.receive(.loaded(["a"]))
    }
  }

  @Test func receivesBeforeTheFirstSendAreNeverDispatched() async {
    let store = TestStore(
      initialState: Search(), reducer: Self.reducer,
      middlewares: [.scripted([.receive(.paused), .send(.clear), .receive(.loaded(["x"]))])])
    await store.send(.clear)
    await store.receive(.loaded(["x"])) { $0.results = ["x"] }
    await store.finish()
  }

  @Test func scriptedStepsSayTheirAction() {
    #expect(ScriptedStep<SearchAction>.send(.clear).action == .clear)
    #expect(ScriptedStep<SearchAction>.receive(.paused).action == .paused)
  }

  @Test func decodeReadsWhatCodableWrites() throws {
    let action: SearchAction = try RecordedJSON.decode(#"{"search":{"_0":"カレー"}}"#)
    #expect(action == .search("カレー"))
    #expect(throws: DecodingError.self) { let _: SearchAction = try RecordedJSON.decode(#"{"search":{}}"#) }
  }

  struct Profile: Equatable, Codable, Sendable {
    struct Draft: Equatable, Codable, Sendable {
      var nickname: String
      var introduction: String?
    }
    var draft: Draft
    var tags: [String] = []
    var search: Search?
  }

  @Test func patchMergesNestedMembersAndNullRemovesAnOptional() throws {
    var profile = Profile(draft: .init(nickname: "食いしん坊", introduction: "カレー好き"), tags: ["a", "b"])
    try RecordedJSON.patch(&profile, #"{"draft":{"nickname":"カレー部長"}}"#)
    #expect(profile == Profile(draft: .init(nickname: "カレー部長", introduction: "カレー好き"), tags: ["a", "b"]))
    try RecordedJSON.patch(&profile, #"{"draft":{"introduction":null},"tags":["c"]}"#)  // arrays are replaced
    #expect(profile == Profile(draft: .init(nickname: "カレー部長", introduction: nil), tags: ["c"]))
    try RecordedJSON.patch(&profile, #"{"search":{"query":"鯛","isLoading":false,"results":[]}}"#)
    #expect(profile.search == Search(query: "鯛"))
    try RecordedJSON.patch(&profile, "{}")
    #expect(profile.search == Search(query: "鯛"))
    var number = 1
    try RecordedJSON.patch(&number, "2")  // not an object: replaces
    #expect(number == 2)
  }

  @Test func aPatchWhoseResultDoesNotDecodeThrows() {
    var state = Search()
    #expect(throws: DecodingError.self) { try RecordedJSON.patch(&state, #"{"isLoading":"yes"}"#) }
    #expect(throws: DecodingError.self) { try RecordedJSON.patch(&state, #"{"query":null}"#) }  // not optional
    #expect(throws: (any Error).self) { try RecordedJSON.patch(&state, "{not json") }
  }
}
