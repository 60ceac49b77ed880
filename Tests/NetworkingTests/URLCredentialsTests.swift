import Foundation
import Networking
import Testing

/// User info in an API URL (`http://user:secret@host/`) never reaches a message, a cache key or a recording.
@Suite struct URLCredentialsTests {
  @Test func splitTakesTheUserInfoOut() throws {
    let (url, credentials) = URLCredentials.split(
      try #require(URL(string: "http://chef:s%40cret@API.test:8080/v1?a=1")))
    #expect(url.absoluteString == "http://API.test:8080/v1?a=1")
    #expect(credentials == URLCredentials(user: "chef", password: "s@cret", origin: "http://api.test:8080"))
    let plain = try #require(URL(string: "https://api.test/v1"))
    #expect(URLCredentials.split(plain).url == plain)
    #expect(URLCredentials.split(plain).credentials == nil)
    #expect(URLCredentials.origin(of: plain) == "https://api.test:443")
  }

  @Test(arguments: [
    ("http://user:secret@host/x", "http://***@host/x"),
    ("see http://u:p@a.test and https://v:q@b.test/x", "see http://***@a.test and https://***@b.test/x"),
    ("ftp://user:secret@host", "ftp://***@host"),
    ("no url here @ all", "no url here @ all"),
    ("http://host/path@x", "http://***@x"),  // the safe side: hidden as if it were user info
    ("http://u:pa/ss?#@host/x", "http://***@host/x"),  // a password with unencoded /, ? and #
  ])
  func redactHidesUserInfoInAnyText(text: String, expected: String) {
    #expect(URLCredentials.redact(text) == expected)
  }

  @Test func errorMessagesNeverShowThePassword() throws {
    let url = try #require(URL(string: "http://chef:s3cret@127.0.0.1:9/home"))
    let errors: [HTTPError] = [
      .invalidURL("http://chef:s3cret@[bad"), .cannotConnect(url, reason: "refused"), .timedOut(url),
      .notFound(url), .serverError(status: 500, url: url), .responseTooLarge(url, limit: 1),
      .decodingFailed(url, keyPath: "", reason: "r", snippet: "s"), .cancelled(url),
      .transferFailed(url, reason: "r"), .invalidResponse(url, reason: "r"),
    ]
    for error in errors { #expect(!error.description.contains("s3cret"), "\(error.description)") }
  }
}
