import Foundation
import Networking

/// Sends a GET, retrying it as a ``RetryPolicy`` says: waits on `clock` between tries, the jitter drawn from
/// `random`; an answer with `Retry-After` (seconds or an HTTP date, read against `now`) waits what it asks instead,
/// at most the policy's ``RetryPolicy/maxDelay``. Each failed try is reported to `reachability` (the status bar says
/// offline while the retries wait).
///
/// Returns the first answer that is not retried (a success, a 4xx, or the last try's 5xx) and throws the last try's
/// error; a cancelled caller stops at once — during a try or a wait — and is never retried.
struct RetryingSend: Sendable {
  let policy: RetryPolicy
  let clock: any Clock<Duration>
  let random: @Sendable () -> Double
  let reachability: NetworkReachability
  /// The wall clock a `Retry-After` date is read against (the query layer's `now`).
  let now: @Sendable () -> Date

  func callAsFunction(
    _ request: HTTPRequest, through http: HTTPClient
  ) async throws -> HTTPResponse {
    var failedTries = 0
    while true {
      let last = failedTries + 1 >= policy.attempts
      var asked: Duration?
      do {
        let response = try await http.send(request)
        guard !last, RetryPolicy.retries(status: response.status) else { return response }
        reachability.failed(QueryCache.reason(status: response.status))
        asked = response.retryAfter(now: now(), limit: policy.maxDelay)
      } catch  where !last && RetryPolicy.retries(error) && !Task.isCancelled {
        reachability.failed(QueryCache.reason(error))
      }
      failedTries += 1
      try await clock.sleep(for: asked ?? policy.delay(afterFailedTries: failedTries, random: random()))
      try Task.checkCancellation()
    }
  }
}
