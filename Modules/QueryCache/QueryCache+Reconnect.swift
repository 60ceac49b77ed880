import Foundation
import Networking

extension QueryCache {
  /// The probe's back-off: 1 s doubling to 30 s, half of each wait random (its `attempts` are not used: the probe
  /// goes on until the API answers or it is cancelled).
  static let reconnectProbe = RetryPolicy(initialDelay: .seconds(1), maxDelay: .seconds(30), jitter: 0.5)

  /// Reconnects by itself: whenever a request has not reached the API (refused, timed out, a 5xx), asks the API
  /// again — one `GET` of ``QueryCacheConfiguration/baseURL``, not cached, not retried — after a back-off of 1 s
  /// doubling to 30 s (jitter from the injected source), on the injected clock, until it answers with anything but
  /// a 5xx. Then the outbox sends what waits (an automatic round: a resource whose back-off runs waits for it), and it
  /// is a reconnection as any request's would be:
  /// ``NetworkReachability/onReconnect(_:)``'s handlers run (the apps' `reconnected`: the screens on view refetch
  /// once, after the waiting writes reached the server). A request of
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
            // What waits is sent first, so the screens' refetch on `reconnected` reads the server with it: a refetch
            // sent beside the round could be answered without it, and the round's invalidation then share that
            // answer. The round's own answers tell the reachability (a sent write is the reconnection); a round that
            // stopped on a failure is probed again.
            if let outbox, outbox.summary.pending > 0 {
              let round = await outbox.sendDue()
              // Answered, the round told the reachability itself: a failure seen since (a request of the app's own)
              // is newer than this probe's answer, and stands.
              if !round.sent.isEmpty || !round.refused.isEmpty { break probing }
              if round.stopped != nil, !round.busy, reachability.unreachableReason != nil { continue probing }
            }
            reachability.reached()
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
