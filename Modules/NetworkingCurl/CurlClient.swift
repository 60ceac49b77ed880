import CCurl
import Foundation
import Networking
import Synchronization

/// The live client: owns one ``CurlDriver`` (one multi handle, one thread) for as long as any
/// ``Networking/HTTPClient`` made from it exists, and shuts it down when the last one goes away.
///
/// The driver starts with the first request, which also loads libcurl (``CurlGlobal``): a client that never sends
/// one (a command answered from the response cache, `--help`) costs no library load and no thread.
final class CurlClient: Sendable {
  /// The driver's life: not started, running, or why it could not start (every request then fails with that).
  private enum DriverState {
    case idle
    case running(CurlDriver)
    case unavailable(String)
  }

  private let driverState = Mutex(DriverState.idle)
  /// How many drivers (multi handles) this client made: at most one, whatever the number of requests at once.
  private let driverStarts = Mutex(0)
  private let configuration: CurlConfiguration
  private let configurator: CurlEasyConfigurator
  private let pool: CurlHandlePool

  init(configuration: CurlConfiguration) {
    self.configuration = configuration
    self.configurator = CurlEasyConfigurator(configuration: configuration)
    self.pool = CurlHandlePool(limit: max(16, configuration.connectionCacheSize))
  }

  deinit {
    if case .running(let driver) = driverState.withLock({ $0 }) { driver.shutDown() }
  }

  /// The running driver, started on first use; throws why libcurl is unavailable (for every request after too).
  private func startedDriver(for url: URL) throws(HTTPError) -> CurlDriver {
    let started: Result<CurlDriver, HTTPError> = driverState.withLock { state in
      switch state {
      case .running(let driver): return .success(driver)
      case .unavailable(let reason): return .failure(.transferFailed(url, reason: reason))
      case .idle:
        let reason: String
        if let failure = CurlGlobal.failure {
          reason = failure
        } else if let driver = CurlDriver(configuration: configuration) {
          driverStarts.withLock { $0 += 1 }
          state = .running(driver)
          return .success(driver)
        } else {
          reason = "libcurl could not create a multi handle"
        }
        state = .unavailable(reason)
        return .failure(.transferFailed(url, reason: reason))
      }
    }
    return try started.get()
  }

  /// How many multi handles this client made (for tests: one, shared by every request and fan-out; none before the
  /// first request).
  var multiHandles: Int { driverStarts.withLock { $0 } }

  /// Sends `request` through libcurl and suspends (never blocks) until the response or a failure.
  func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
    let plan = try CurlRequestPlan(request, timeout: configuration.timeout)
    let driver = try startedDriver(for: plan.url)
    guard let easy = pool.take() else {
      throw HTTPError.transferFailed(plan.url, reason: "libcurl could not create a handle")
    }
    // Configured here, on the requesting task, to keep the driver thread free for I/O.
    let transfer = CurlTransfer(plan: plan, maxResponseSize: max(0, configuration.maxResponseSize))
    transfer.easy = easy
    // The driver has detached the handle by the time the continuation resumes (or never attached it).
    defer { pool.recycle(easy) }
    let configured = configurator.configure(easy, for: transfer)
    guard configured == CURLE_OK else {
      throw HTTPError.transferFailed(plan.url, reason: String(cString: kumiki_curl_easy_strerror(configured)))
    }
    let outcome = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        transfer.continuation = continuation
        driver.submit(transfer)
      }
    } onCancel: {
      driver.cancel(transfer)
    }
    return try transfer.result(of: outcome).get()
  }
}
