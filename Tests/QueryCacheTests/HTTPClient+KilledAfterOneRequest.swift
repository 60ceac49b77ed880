import Networking
import Synchronization

extension HTTPClient {
  /// A client over `client` whose process is killed once its first request has gone through: every later request
  /// fails as unreachable, as a restart finds the outbox (the first write sent, the rest never reached the server).
  static func killedAfterOneRequest(over client: HTTPClient) -> HTTPClient {
    let requests = Mutex(0)
    return HTTPClient { request in
      let number = requests.withLock { count in
        count += 1
        return count
      }
      guard number == 1 else { throw HTTPError.cannotConnect(request.url, reason: "the process was killed") }
      return try await client.send(request)
    }
  }
}
