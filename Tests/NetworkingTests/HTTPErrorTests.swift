import Foundation
import Networking
import Testing

@Suite("HTTPError")
struct HTTPErrorTests {
  let url = URL(string: "http://127.0.0.1:3000/recent_news?_page=2")!

  @Test func mapsStatusesToCases() {
    #expect(HTTPError(status: 200, url: url) == nil)
    #expect(HTTPError(status: 204, url: url) == nil)
    #expect(HTTPError(status: 400, url: url) == .badRequest(url))
    #expect(HTTPError(status: 401, url: url) == .unauthorized(url))
    #expect(HTTPError(status: 403, url: url) == .forbidden(url))
    #expect(HTTPError(status: 404, url: url) == .notFound(url))
    #expect(HTTPError(status: 429, url: url) == .clientError(status: 429, url: url))
    #expect(HTTPError(status: 500, url: url) == .serverError(status: 500, url: url))
    #expect(HTTPError(status: 599, url: url) == .serverError(status: 599, url: url))
    #expect(HTTPError(status: 304, url: url) == .unexpectedStatus(status: 304, url: url))
    #expect(HTTPError(status: 700, url: url) == .unexpectedStatus(status: 700, url: url))
  }

  @Test(arguments: [400, 401, 403, 404, 418, 500, 502])
  func statusErrorsReportStatusAndURL(status: Int) throws {
    let error = try #require(HTTPError(status: status, url: url))
    #expect(error.status == status)
    #expect(error.url == url)
    #expect(error.description.contains(url.absoluteString))
    #expect(error.description.contains("\(status)"))
    #expect(error.errorDescription == error.description)
  }

  /// libcurl's wording reached the status bar (issue 26): the first sentence is a plain reason, its words the detail.
  @Test func aConnectionFailureSaysWhyInPlainWordsFirst() {
    let refused = HTTPError.cannotConnect(
      url, reason: "Failed to connect to 127.0.0.1 port 3000 after 0 ms: Couldn't connect to server")
    #expect(refused.description.hasPrefix("Could not connect to 127.0.0.1:3000: nothing answers there. "))
    #expect(
      refused.description.hasSuffix(
        "Detail: Failed to connect to 127.0.0.1 port 3000 after 0 ms: Couldn't connect to server"))
    let unknown = HTTPError.cannotConnect(url, reason: "Could not resolve host: kumiki.invalid")
    #expect(unknown.description.hasPrefix("Could not connect to 127.0.0.1:3000: that name was not found. "))
  }

  /// The embedded API the app shared stopped and its address could not be taken over (issue 34): said as such, not as
  /// an API that could not be reached.
  @Test func aSharedAPIThatChangedHandsSaysSo() {
    let handedOver = HTTPError.cannotConnect(
      url,
      reason: "the shared embedded API changed hands: the server this app joined stopped, and this app's kumiki-api "
        + "could not take over its address (could not take over …)")
    #expect(
      handedOver.description.hasPrefix("Could not connect to 127.0.0.1:3000: the shared embedded API changed hands. "))
    #expect(!handedOver.description.contains("could not be reached"))
  }

  @Test func retryableErrors() {
    #expect(HTTPError.timedOut(url).isRetryable)
    #expect(HTTPError.cannotConnect(url, reason: "refused").isRetryable)
    #expect(HTTPError.serverError(status: 503, url: url).isRetryable)
    #expect(HTTPError.clientError(status: 429, url: url).isRetryable)
    #expect(!HTTPError.notFound(url).isRetryable)
    #expect(!HTTPError.tlsFailure(url, reason: "expired").isRetryable)
    #expect(!HTTPError.responseTooLarge(url, limit: 10).isRetryable)
  }

  @Test func everyCaseHasAMessageNamingWhereItHappened() {
    let errors: [HTTPError] = [
      .invalidURL("ftp://x"), .cannotConnect(url, reason: "Connection refused"), .timedOut(url),
      .tlsFailure(url, reason: "certificate expired"), .badRequest(url), .unauthorized(url), .forbidden(url),
      .notFound(url), .clientError(status: 418, url: url), .serverError(status: 500, url: url),
      .unexpectedStatus(status: 304, url: url), .responseTooLarge(url, limit: 10_485_760),
      .decodingFailed(url, keyPath: "[0].title", reason: "expected String.", snippet: "[{\"title\":1}]"),
      .cancelled(url), .transferFailed(url, reason: "Connection reset by peer"),
    ]
    for error in errors {
      #expect(!error.description.isEmpty)
      let names = error.description.contains("127.0.0.1") || error.description.contains("ftp://x")
      #expect(names, "\(error.description)")
    }
    #expect(HTTPError.cannotConnect(url, reason: "Connection refused").description.contains("127.0.0.1:3000"))
    #expect(HTTPError.responseTooLarge(url, limit: 10_485_760).description.contains("10485760 bytes"))
    #expect(HTTPError.invalidURL("ftp://x").url == nil)
  }

  /// The app's own reasons are the whole message (the address is one the app made up): `unavailable` (not sent, an
  /// error) and `offline` (not sent, unreachable for the run: the embedded API's data file does not load).
  @Test func anAppsReasonIsTheWholeMessageWithoutTheMadeUpAddress() {
    let offline = HTTPError.offline(url, reason: "the embedded API cannot load its data file /d/api.json (damaged)")
    #expect(offline.description == "The embedded API cannot load its data file /d/api.json (damaged).")
    #expect(offline.url == url && !offline.isRetryable)
    let unavailable = HTTPError.unavailable(url, reason: "The embedded fixture server could not start: no kumiki-api.")
    #expect(unavailable.description == "The embedded fixture server could not start: no kumiki-api.")
  }
}
