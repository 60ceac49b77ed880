import CCurl
import Foundation
import Networking

/// The live client: owns one ``CurlDriver`` (one multi handle, one thread) for as long as any
/// ``Networking/HTTPClient`` made from it exists, and shuts it down when the last one goes away.
final class CurlClient: Sendable {
  private let driver: CurlDriver?
  private let configuration: CurlConfiguration
  private let configurator: CurlEasyConfigurator
  private let pool: CurlHandlePool

  init(configuration: CurlConfiguration) {
    self.configuration = configuration
    self.configurator = CurlEasyConfigurator(configuration: configuration)
    self.driver = CurlDriver(configuration: configuration)
    self.pool = CurlHandlePool(limit: max(16, configuration.connectionCacheSize))
  }

  deinit {
    driver?.shutDown()
  }

  /// Sends `request` through libcurl and suspends (never blocks) until the response or a failure.
  func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
    let plan = try CurlRequestPlan(request, timeout: configuration.timeout)
    guard let driver else {
      throw HTTPError.transferFailed(plan.url, reason: "libcurl could not be initialised")
    }
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
      throw HTTPError.transferFailed(plan.url, reason: String(cString: curl_easy_strerror(configured)))
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
