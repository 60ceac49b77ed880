import Core
import FeatureKit
import Foundation
import LoadingScreenKit
import MutationKit
import Networking
import Synchronization

/// A test-only screen that reads one object and writes it: the chef's card, `GET /chef`, renamed with
/// `PATCH /chef` — an optimistic write (FeatureKit's ``FeatureKit/Mutation`` with the patch as the change expected).
enum Chef {
  struct Card: Equatable, Codable, Sendable {
    var id: Int
    var name: String
  }

  struct Rename: Equatable, Codable, Sendable {
    var name: String
  }

  struct Content: LoadableContent {
    var name: String
    init(_ response: Card) { name = response.name }
  }

  struct State: Equatable, Codable, Sendable {
    var load = ScreenLoad<Content>()
    var rename = Mutation<Rename, Card>()
  }

  enum Action: Equatable, Codable, Sendable {
    case load(LoadAction<Card>)
    case rename(Mutation<Rename, Card>.Action)
  }

  static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .load(let load): state.load.reduce(load)
    case .rename(let rename): state.rename.reduce(rename)
    }
  }

  static let baseURL = URL(string: "http://kitchen.test/api")!

  /// The screen's load and the rename, both through `http`.
  static func middlewares(_ http: HTTPClient) -> [Middleware<State, Action>] {
    let url = baseURL.appending(path: "chef")
    return [
      .screenLoad(id: "chef.load", state: \.load, action: Action.load) { try await http.json(Card.self, from: url) },
      .mutation(
        id: "chef.rename", state: \.rename, action: Action.rename,
        intent: { rename in WriteIntent(optimistic: [try .merge(rename, into: "chef")]) },
        write: { rename in try await http.json(Card.self, try HTTPRequest.json(.patch, url, body: rename)) }),
    ]
  }
}

/// The chef's API: `GET /chef` answers the card, `PATCH /chef` merges the name in — or refuses with a status, or
/// throws (unreachable, queued). The test holds writes until it lets them answer ("answers late").
final class ChefServer: Sendable {
  private struct State {
    var card = Chef.Card(id: 1, name: "Ramen-san")
    var writeStatus = 200
    var writeError: (any Error & Sendable)?
    var holdWrites = false
    var heldWrites: [CheckedContinuation<Void, Never>] = []
    var requests: [HTTPRequest] = []
  }

  private let state = Mutex(State())

  var card: Chef.Card {
    get { state.withLock { $0.card } }
    set { state.withLock { $0.card = newValue } }
  }
  var requests: [HTTPRequest] { state.withLock { $0.requests } }
  var writesHeld: Int { state.withLock { $0.heldWrites.count } }

  /// Refuse writes with `status` (422) from now on.
  func refuseWrites(_ status: Int) { state.withLock { $0.writeStatus = status } }
  /// Writes throw `error` from now on (`nil`: they answer again).
  func failWrites(_ error: (any Error & Sendable)?) { state.withLock { $0.writeError = error } }
  /// Writes wait for ``answerWrites()``.
  func holdWrites() { state.withLock { $0.holdWrites = true } }

  func answerWrites() {
    let held = state.withLock { state in
      state.holdWrites = false
      defer { state.heldWrites = [] }
      return state.heldWrites
    }
    for write in held { write.resume() }
  }

  /// Waits until a write is held at the server.
  func writeArrived() async {
    while writesHeld == 0 { await Task.yield() }
  }

  var client: HTTPClient { HTTPClient { request in try await self.serve(request) } }

  private func serve(_ request: HTTPRequest) async throws -> HTTPResponse {
    let url = request.resolvedURL ?? request.url
    if request.method == .get {
      return try state.withLock { state in
        state.requests.append(request)
        return HTTPResponse(status: 200, body: try JSONEncoder().encode(state.card), url: url)
      }
    }
    await withCheckedContinuation { continuation in
      let held = state.withLock { state in
        state.requests.append(request)
        if state.holdWrites { state.heldWrites.append(continuation) }
        return state.holdWrites
      }
      if !held { continuation.resume() }
    }
    return try state.withLock { state in
      if let error = state.writeError { throw error }
      guard state.writeStatus == 200 else { return HTTPResponse(status: state.writeStatus, url: url) }
      state.card.name = try JSONDecoder().decode(Chef.Rename.self, from: request.body ?? Data()).name
      return HTTPResponse(status: 200, body: try JSONEncoder().encode(state.card), url: url)
    }
  }
}
