import Foundation
import Networking
import Synchronization

/// A scripted HTTP transport for tests: stub responses per method and path, with latency and failures,
/// and inspect the requests sent. Use ``client`` wherever an ``Networking/HTTPClient`` is expected.
///
/// ```swift
/// let fake = FakeHTTPClient()
/// fake.stub("/recent_news", .json(#"[{"id": 1, "news_category": "x"}]"#), latency: .milliseconds(50))
/// fake.stub("/pickup_photos", .failure(HTTPError.timedOut(url)))
/// let home = HomeClient.live(http: fake.client, baseURL: URL(string: "http://api.test")!)
/// ```
/// Requests without a matching stub get a 404 whose body names the request.
public final class FakeHTTPClient: Sendable {
  private struct Stub {
    var method: HTTPMethod
    var path: String
    var query: [URLQueryItem]
    var responses: [FakeResponse]
    var latency: Duration
    var served = 0
  }

  private struct State {
    var stubs: [Stub] = []
    var requests: [HTTPRequest] = []
  }

  private final class Storage: Sendable {
    let state = Mutex(State())
  }

  private let storage = Storage()

  /// The client to hand to code under test. Its ``Networking/HTTPClient/activity`` counts the fake's requests.
  public let client: HTTPClient

  /// Creates a fake with no stubs.
  public init() {
    let storage = self.storage
    client = HTTPClient { request in try await Self.serve(request, storage: storage) }
  }

  /// Scripts the outcomes for `method path`: the first request gets the first response, the next the
  /// second, and the last repeats. Each waits `latency` first (cancellably). When several stubs match,
  /// the latest added wins.
  ///
  /// - Parameter query: items that must all be present in the request's query; empty matches any query.
  public func stub(
    _ method: HTTPMethod,
    _ path: String,
    query: [URLQueryItem] = [],
    _ responses: FakeResponse...,
    latency: Duration = .zero
  ) {
    storage.state.withLock { state in
      state.stubs.append(
        Stub(method: method, path: path, query: query, responses: responses, latency: latency)
      )
    }
  }

  /// Scripts the outcomes for `GET path`, as ``stub(_:_:query:_:latency:)``.
  public func stub(
    _ path: String,
    query: [URLQueryItem] = [],
    _ responses: FakeResponse...,
    latency: Duration = .zero
  ) {
    storage.state.withLock { state in
      state.stubs.append(
        Stub(method: .get, path: path, query: query, responses: responses, latency: latency)
      )
    }
  }

  /// Every request received, in order (including unmatched ones).
  public var requests: [HTTPRequest] {
    storage.state.withLock { $0.requests }
  }

  private static func serve(_ request: HTTPRequest, storage: Storage) async throws -> HTTPResponse {
    let url = request.resolvedURL ?? request.url
    let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    let path = components?.path ?? url.path
    let query = components?.queryItems ?? []
    let (outcome, latency) = storage.state.withLock { state -> (FakeResponse?, Duration) in
      state.requests.append(request)
      guard
        let index = state.stubs.lastIndex(where: { stub in
          stub.method == request.method && stub.path == path && stub.query.allSatisfy(query.contains)
        })
      else { return (nil, .zero) }
      let stub = state.stubs[index]
      state.stubs[index].served += 1
      return (stub.responses.isEmpty ? nil : stub.responses[min(stub.served, stub.responses.count - 1)], stub.latency)
    }
    if latency > .zero { try await Task.sleep(for: latency) }
    try Task.checkCancellation()
    guard let outcome else {
      return HTTPResponse(
        status: 404,
        headers: ["Content-Type": "text/plain"],
        body: Data("FakeHTTPClient: no stub for \(request.method) \(path)".utf8),
        url: url
      )
    }
    switch outcome {
    case .response(let status, let headers, let body):
      return HTTPResponse(status: status, headers: headers, body: body, url: url)
    case .failure(let error):
      throw error
    }
  }
}
