import Core
import FeatureKit
import Foundation
import LoadingScreenKit
import Networking
import Presentation
import QueryCache
import Synchronization

/// A test-only loading screen over the query layer: a list of dishes read with `GET /dishes`.
enum Pantry {
  struct Content: LoadableContent {
    var dishes: [String]
    init(_ response: [String]) { dishes = response }
    var isEmpty: Bool { dishes.isEmpty }
  }

  struct State: Equatable, Codable, Sendable {
    var load = ScreenLoad<Content>()
  }

  enum Action: Equatable, Codable, Sendable {
    case load(LoadAction<[String]>)
  }

  static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .load(let load): state.load.reduce(load)
    }
  }

  static let baseURL = URL(string: "http://kitchen.test/api")!

  /// The load: `GET /dishes` through `http`.
  static func load(_ http: HTTPClient) -> @Sendable () async throws -> [String] {
    { try await http.json([String].self, from: baseURL.appending(path: "dishes")) }
  }
}

/// The API the pantry reads: `GET /dishes` answers the current dishes (with an ETag), `PATCH /dishes` replaces
/// them. The test changes the dishes, breaks the kitchen (a transport error or a status), or holds answers until
/// it opens the gate; it counts what reached it.
final class Kitchen: Sendable {
  private struct State {
    var dishes: [String] = ["ramen"]
    var failure: HTTPError?
    var status = 200
    var retryAfter: String?
    var requests: [HTTPRequest] = []
    var held = false
    var waiting: [CheckedContinuation<Void, Never>] = []
    var bodyBytes = 0
  }

  private let state = Mutex(State())

  var dishes: [String] {
    get { state.withLock { $0.dishes } }
    set { state.withLock { $0.dishes = newValue } }
  }

  var failure: HTTPError? {
    get { state.withLock { $0.failure } }
    set { state.withLock { $0.failure = newValue } }
  }

  var status: Int {
    get { state.withLock { $0.status } }
    set { state.withLock { $0.status = newValue } }
  }

  /// The `Retry-After` of an answer that is not 200.
  var retryAfter: String? {
    get { state.withLock { $0.retryAfter } }
    set { state.withLock { $0.retryAfter = newValue } }
  }

  var requests: [HTTPRequest] { state.withLock { $0.requests } }
  /// Body bytes sent in answers.
  var bodyBytes: Int { state.withLock { $0.bodyBytes } }

  /// Holds every answer until ``open()``.
  func hold() { state.withLock { $0.held = true } }

  func open() {
    let waiting = state.withLock { state in
      state.held = false
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }

  var client: HTTPClient {
    HTTPClient { request in try await self.serve(request) }
  }

  private func serve(_ request: HTTPRequest) async throws -> HTTPResponse {
    await withCheckedContinuation { continuation in
      let held = state.withLock { state in
        state.requests.append(request)
        if state.held { state.waiting.append(continuation) }
        return state.held
      }
      if !held { continuation.resume() }
    }
    return try state.withLock { state in
      if let failure = state.failure { throw failure }
      let url = request.resolvedURL ?? request.url
      if request.method == .patch, let body = request.body {
        state.dishes = try JSONDecoder().decode([String].self, from: body)
      }
      let body = try JSONEncoder().encode(state.dishes)
      let etag = "\"\(state.dishes.joined(separator: ","))\""
      guard state.status == 200 else {
        let headers: HTTPHeaders = state.retryAfter.map { ["Retry-After": $0] } ?? [:]
        return HTTPResponse(status: state.status, headers: headers, url: url)
      }
      if request.headers["If-None-Match"] == etag {
        return HTTPResponse(status: 304, headers: ["ETag": etag], url: url)
      }
      state.bodyBytes += body.count
      return HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json", "ETag": etag], body: body, url: url)
    }
  }
}
