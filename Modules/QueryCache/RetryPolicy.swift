import Foundation
import Networking

/// How the query layer retries a GET that failed for a reason that may pass: the API could not be reached (refused,
/// timed out, the connection dropped) or answered 5xx. Exponential back-off with jitter, as TanStack Query retries
/// its queries: with ``standard``, 3 tries in all, waiting about 1 s and then 2 s between them; each wait doubles,
/// up to ``maxDelay`` (30 s).
///
/// A 4xx answer is never retried (the request itself is wrong: asking again gives the same answer), nor a request
/// that was cancelled, nor an answer that could not be used (too large, not decodable). The waits are on the query
/// layer's clock — the store's clock in the apps — so tests advance a `TestClock` instead of waiting.
public struct RetryPolicy: Sendable, Equatable {
  /// How many tries in all, the first included: 1 means no retry. Kept within 1...10.
  public var attempts: Int
  /// The wait after the first failed try.
  public var initialDelay: Duration
  /// The longest wait, whatever the doubling reached.
  public var maxDelay: Duration
  /// How much of each wait is random, from 0 (none) to 1: with 0.5 a wait of 4 s becomes between 2 s and 4 s, so
  /// clients that failed together do not retry together.
  public var jitter: Double

  /// 3 tries, 1 s doubling to a 30 s cap, half of each wait random.
  public static let standard = RetryPolicy()

  /// One try: failures are answered at once.
  public static let never = RetryPolicy(attempts: 1)

  /// A policy; out-of-range values are brought into range (attempts 1...10, delays ≥ 0, the cap at least the first
  /// delay, jitter 0...1).
  public init(
    attempts: Int = 3, initialDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(30), jitter: Double = 0.5
  ) {
    self.attempts = min(max(attempts, 1), 10)
    self.initialDelay = max(initialDelay, .zero)
    self.maxDelay = max(maxDelay, self.initialDelay)
    self.jitter = jitter.isFinite ? min(max(jitter, 0), 1) : 0
  }

  /// The wait after `failedTries` tries failed (1 for the wait before the second try): ``initialDelay`` doubled
  /// `failedTries - 1` times, at most ``maxDelay``, shortened by up to ``jitter`` of itself as `random` (0..<1)
  /// says: `random` 0 waits the whole delay.
  public func delay(afterFailedTries failedTries: Int, random: Double) -> Duration {
    let doublings = Double(min(max(failedTries, 1), 64) - 1)
    let full = min(initialDelay.seconds * pow(2, doublings), maxDelay.seconds)
    let share = random.isFinite ? min(max(random, 0), 1) : 0
    return .milliseconds(Int64((full * (1 - jitter * share) * 1000).rounded()))
  }

  /// Whether a GET that threw `error` may be tried again: the API could not be reached (refused, timed out, the
  /// connection dropped mid-way). Not cancellation, not TLS, not an answer that could not be used, and not a
  /// connection to this machine (``isLoopback(_:)``) that failed at once: a closed port on loopback is a definite
  /// answer (nothing listens there; no network in between can heal), so an offline read answers from the cache at
  /// once instead of after the waits.
  static func retries(_ error: any Error) -> Bool {
    switch error {
    case HTTPError.cannotConnect(let url, _): !isLoopback(url)
    case HTTPError.timedOut, HTTPError.transferFailed: true
    default: false
    }
  }

  /// Whether `url`'s host is this machine: `localhost`, `127.0.0.0/8` or `::1`.
  static func isLoopback(_ url: URL) -> Bool {
    guard let host = url.host(percentEncoded: false)?.lowercased() else { return false }
    let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
    return bare == "localhost" || bare == "::1"
      || (octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil })
  }

  /// Whether a GET answered `status` may be tried again: 5xx only, never 4xx.
  static func retries(status: Int) -> Bool { (500..<600).contains(status) }
}
