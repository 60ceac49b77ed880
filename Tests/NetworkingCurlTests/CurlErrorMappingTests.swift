import Foundation
import Networking
import Testing

@testable import NetworkingCurl

@Suite("Errors: each failure maps to the HTTPError a user can act on")
struct CurlErrorMappingTests {
  let http = HTTPClient.curl()

  // MARK: - Against the loopback server

  @Test func refusedConnectionIsCannotConnect() async throws {
    let refusing = try RefusingPort()
    let url = URL(string: "http://127.0.0.1:\(refusing.port)/items")!
    let error = await #expect(throws: HTTPError.self) { try await http.send(.get(url)) }
    guard case .cannotConnect(let failedURL, let reason) = error else {
      Issue.record("expected cannotConnect, got \(String(describing: error))")
      return
    }
    #expect(failedURL == url)
    #expect(reason.contains("\(refusing.port)"))
    #expect(error?.isRetryable == true)
  }

  /// Whether this run loads the apps' own libcurl (CI names it with `KUMIKI_LIBCURL`), built without the schemes a
  /// redirect below leads to.
  static let ownLibcurl = ProcessInfo.processInfo.environment["KUMIKI_LIBCURL"]?.hasSuffix("/libcurl-kumiki.so") == true

  /// A server that leads elsewhere or does not speak HTTP is named as such, with libcurl's own words — not "the
  /// API URL is not a valid web address" or a bare "Out of memory". A redirect's words depend on the library: the
  /// system's libcurl names the scheme it refuses, the apps' own (`Scripts/libcurl`) cannot parse the address.
  @Test(arguments: [
    (
      "HTTP/1.1 302 Found\r\nLocation: file:///etc/passwd\r\nContent-Length: 0\r\n\r\n", "redirects",
      ownLibcurl ? "(libcurl: URL using bad/illegal format" : "(libcurl: Protocol \"file\" not supported"
    ),
    (
      "HTTP/1.1 302 Found\r\nLocation: gopher://127.0.0.1/x\r\nContent-Length: 0\r\n\r\n", "redirects",
      ownLibcurl ? "Unsupported URL scheme" : "(libcurl: Protocol \"gopher\" not supported"
    ),
    ("hello, no status line\n", "did not answer in HTTP", "HTTP/0.9"),
    (
      "HTTP/1.1 200 OK\r\nX-Big: " + String(repeating: "a", count: 1 << 20) + "\r\nContent-Length: 2\r\n\r\n[]",
      "larger than libcurl accepts", "Out of memory"
    ),
  ])
  func unusableAnswersSayWhatWasWrong(reply: String, says: String, libcurl: String) async throws {
    let server = try RawReplyServer(reply: Array(reply.utf8))
    let url = server.baseURL.appending(path: "items")
    let error = await #expect(throws: HTTPError.self) { try await http.send(.get(url)) }
    guard case .invalidResponse(let failedURL, let reason) = error else {
      Issue.record("expected invalidResponse, got \(String(describing: error))")
      return
    }
    #expect(failedURL == url)
    #expect(reason.contains(says))
    #expect(reason.contains(libcurl), "\(reason)")
    #expect(error?.isRetryable == false)
    #expect(error?.description.contains("not a valid web address") == false)
  }

  @Test func hangingServerTimesOut() async throws {
    let base = try await TestServer.baseURL()
    var request = HTTPRequest.get(base.appending(path: "hang"), query: [.init(name: "token", value: newToken())])
    request.timeout = .milliseconds(300)
    let (error, elapsed) = await milliseconds {
      await #expect(throws: HTTPError.self) { try await http.send(request) }
    }
    #expect(error == .timedOut(request.resolvedURL!))
    #expect(elapsed >= 290 && elapsed < 3_000)
  }

  @Test func httpsToAPlainServerIsATLSFailure() async throws {
    let base = try await TestServer.baseURL()
    let url = URL(string: base.absoluteString.replacingOccurrences(of: "http://", with: "https://") + "/items")!
    let error = await #expect(throws: HTTPError.self) { try await http.send(.get(url)) }
    guard case .tlsFailure(let failedURL, _) = error else {
      Issue.record("expected tlsFailure, got \(String(describing: error))")
      return
    }
    #expect(failedURL == url)
  }

  @Test func declaredOversizeBodyIsTooLarge() async throws {
    let base = try await TestServer.baseURL()
    let request = HTTPRequest.get(base.appending(path: "large"))  // 11 MiB with Content-Length
    let error = await #expect(throws: HTTPError.self) { try await http.send(request) }
    #expect(error == .responseTooLarge(request.url, limit: 10 * 1024 * 1024))
  }

  @Test func streamedOversizeBodyIsAbortedAtTheLimit() async throws {
    let base = try await TestServer.baseURL()
    let http = HTTPClient.curl(CurlConfiguration(maxResponseSize: 100_000))
    let over = HTTPRequest.get(
      base.appending(path: "large"), query: [.init(name: "bytes", value: "100001"), .init(name: "chunked", value: "1")])
    let error = await #expect(throws: HTTPError.self) { try await http.send(over) }
    #expect(error == .responseTooLarge(over.resolvedURL!, limit: 100_000))
    let exact = HTTPRequest.get(
      base.appending(path: "large"), query: [.init(name: "bytes", value: "100000"), .init(name: "chunked", value: "1")])
    #expect(try await http.data(exact).body.count == 100_000)
  }

  @Test func malformedJSONIsDecodingFailedWithSnippet() async throws {
    let base = try await TestServer.baseURL()
    let url = base.appending(path: "malformed")
    let error = await #expect(throws: HTTPError.self) { try await http.json([Item].self, from: url) }
    guard case .decodingFailed(let failedURL, _, _, let snippet) = error else {
      Issue.record("expected decodingFailed, got \(String(describing: error))")
      return
    }
    #expect(failedURL == url)
    #expect(snippet == #"{"items": [{"id": 1, "title": "cut off"#)
  }

  @Test func wrongShapeNamesTheKeyPath() async throws {
    struct Wrapped: Decodable { let items: [Item] }
    let base = try await TestServer.baseURL()
    let error = await #expect(throws: HTTPError.self) {
      try await http.json(Wrapped.self, from: base.appending(path: "items"))
    }
    guard case .decodingFailed(_, _, _, let snippet) = error else {
      Issue.record("expected decodingFailed, got \(String(describing: error))")
      return
    }
    #expect(snippet.hasPrefix(#"[{"id":1,"title":"Seasonal dish 1""#))
    #expect(snippet.hasSuffix("…"))
  }

  @Test(arguments: [400, 401, 403, 404, 418, 500, 503])
  func errorStatusesCarryTheURL(status: Int) async throws {
    let base = try await TestServer.baseURL()
    let url = base.appending(path: "status/\(status)")
    let response = try await http.send(.get(url))
    #expect(response.status == status)
    let error = await #expect(throws: HTTPError.self) { try await http.json([Item].self, from: url) }
    let expected: HTTPError =
      switch status {
      case 400: .badRequest(url)
      case 401: .unauthorized(url)
      case 403: .forbidden(url)
      case 404: .notFound(url)
      case 500..<600: .serverError(status: status, url: url)
      default: .clientError(status: status, url: url)
      }
    #expect(error == expected)
    #expect(error?.description.contains(url.absoluteString) == true)
  }

  @Test(arguments: ["ftp://127.0.0.1/file", "http:///items", "mailto:chef@example.com", "/relative/path"])
  func nonHTTPURLsAreInvalid(text: String) async throws {
    let url = try #require(URL(string: text))
    let error = await #expect(throws: HTTPError.self) { try await http.send(.get(url)) }
    guard case .invalidURL = error else {
      Issue.record("expected invalidURL, got \(String(describing: error))")
      return
    }
  }

  // MARK: - The mapping itself

  private let url = URL(string: "https://api.example/items")!

  private func map(_ code: UInt32, exceeded: Bool = false, detail: String = "detail") -> HTTPError {
    CurlErrorMapping.error(code: code, url: url, exceededLimit: exceeded, limit: 42, detail: detail)
  }

  @Test func mapsCurlCodes() {
    // The request's own URL was checked before sending: these come from where the server led.
    #expect(  // CURLE_UNSUPPORTED_PROTOCOL
      map(1) == .invalidResponse(url, reason: "it redirects to an address that is not http or https (libcurl: detail)"))
    #expect(map(3) == map(1))  // CURLE_URL_MALFORMAT
    #expect(map(47) == .invalidResponse(url, reason: "too many redirects (libcurl: detail)"))  // TOO_MANY_REDIRECTS
    #expect(map(6) == .cannotConnect(url, reason: "detail"))  // CURLE_COULDNT_RESOLVE_HOST
    #expect(map(7) == .cannotConnect(url, reason: "detail"))  // CURLE_COULDNT_CONNECT
    #expect(map(28) == .timedOut(url))  // CURLE_OPERATION_TIMEDOUT
    #expect(map(35) == .tlsFailure(url, reason: "detail"))  // CURLE_SSL_CONNECT_ERROR
    #expect(map(60) == .tlsFailure(url, reason: "detail"))  // CURLE_PEER_FAILED_VERIFICATION
    #expect(map(63) == .responseTooLarge(url, limit: 42))  // CURLE_FILESIZE_EXCEEDED
    #expect(map(23, exceeded: true) == .responseTooLarge(url, limit: 42))  // CURLE_WRITE_ERROR from the cap
    #expect(map(42) == .cancelled(url))  // CURLE_ABORTED_BY_CALLBACK
    #expect(map(52) == .transferFailed(url, reason: "detail"))  // CURLE_GOT_NOTHING
  }

  @Test func fallsBackToLibcurlsMessageWithoutDetail() {
    #expect(map(56, detail: "") == .transferFailed(url, reason: "Failure when receiving data from the peer"))
  }
}
