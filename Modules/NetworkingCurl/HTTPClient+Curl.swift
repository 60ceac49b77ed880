import CCurl
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

  /// Starts loading libcurl (~30 shared libraries: a few milliseconds) on a thread of its own and returns at once,
  /// for a process that knows at start that it will send requests (`kumiki --fresh`): the load then overlaps the
  /// rest of the start-up (the databases opening, the app being assembled) instead of delaying the first request,
  /// which waits only for what is left of it. A process that sends nothing (a command the response cache answers,
  /// `--help`) should not call it: it would load libraries it never uses. Call it while the process has no other
  /// thread if the environment is to be changed first (`setenv` is not thread-safe). A process that calls it ends with
  /// `_exit` (after flushing its output), never `exit`: exit handlers that OpenSSL registers during the load would run
  /// while the load goes on, if the process ends before it (a usage error), and crash.
  public static func loadCurlInBackground() {
    kumiki_curl_load_in_background()
  }
}
