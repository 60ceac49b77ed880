import Foundation
import Networking

extension QueryCache {
  /// The probe's back-off: 1 s doubling to 30 s, half of each wait random (its `attempts` are not used: the probe
  /// goes on until the API answers or it is cancelled).
  static let reconnectProbe = RetryPolicy(initialDelay: .seconds(1), maxDelay: .seconds(30), jitter: 0.5)

  /// Reconnects by itself: whenever a request has not reached the API (refused, timed out, a 5xx), asks the API
  /// again — one `GET` of ``QueryCacheConfiguration/baseURL``, not cached, not retried — after a back-off of 1 s
  /// doubling to 30 s (jitter from the injected source), on the injected clock, until it answers with anything but
  /// a 5xx. Then it is a reconnection as any request's would be: ``NetworkReachability/onReconnect(_:)``'s handlers
  /// run (the apps' `reconnected`: the screens on view refetch once) and the outbox sends what waits. A request of
  /// the app's own that reaches the API meanwhile ends the back-off the same way. Nothing is sent while the API
  /// answers.
  ///
  /// Runs until cancelled: the long-running app (the TUI) runs it for its lifetime and cancels it when it quits; a
  /// CLI command does not (it asks nothing beyond its own requests).
  public func reconnectWhileUnreachable() async {
    let probe = HTTPRequest.get(configuration.baseURL)
    while await reachability.untilUnreachable() {
      var failures = 0
      probing: while reachability.unreachableReason != nil {
        failures += 1
        let wait = Self.reconnectProbe.delay(afterFailedTries: failures, random: retrying.random())
        do { try await retrying.clock.sleep(for: wait) } catch { return }
        // A request of the app's own reached the API while this one waited.
        guard reachability.unreachableReason != nil else { break probing }
        do {
          let response = try await http.send(probe)
          guard !Task.isCancelled else { return }
          if response.status >= 500 {
            reachability.failed(Self.reason(status: response.status))
          } else {
            reachability.reached()
            outbox?.sendIfWaiting()
            break probing  // the next failure starts the back-off over
          }
        } catch {
          guard !Task.isCancelled else { return }
          reachability.failed(Self.reason(error))
        }
      }
    }
  }
}
