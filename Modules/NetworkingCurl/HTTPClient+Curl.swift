import Networking

extension HTTPClient {
  /// The live client, on libcurl's multi interface.
  ///
  /// Create it once per app and pass the value around: its copies share one connection cache and one
  /// driver thread, which stops when the last copy is gone. Requests never block a Swift thread, and
  /// cancelling the calling task stops its transfer and throws `CancellationError` at once.
  ///
  /// If libcurl cannot be initialised, every request fails with ``Networking/HTTPError/transferFailed(_:reason:)``.
  public static func curl(_ configuration: CurlConfiguration = CurlConfiguration()) -> HTTPClient {
    let client = CurlClient(configuration: configuration)
    return HTTPClient { request in try await client.perform(request) }
  }
}
