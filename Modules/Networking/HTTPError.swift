import Foundation

/// Every way an HTTP request can fail, each with a message a user can act on.
///
/// Thrown by ``HTTPClient`` and its helpers. Cancelling the calling task throws `CancellationError`
/// instead (structured concurrency's convention, which ``FanOut`` relies on); ``cancelled(_:)`` is for
/// transfers abandoned for other reasons, such as the client shutting down while they ran.
public enum HTTPError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
  /// The address is not an absolute `http` or `https` URL with a host.
  case invalidURL(String)
  /// The server could not be reached: name resolution failed, the connection was refused, or no route.
  case cannotConnect(URL, reason: String)
  /// The connection or the whole request took longer than allowed.
  case timedOut(URL)
  /// A secure connection could not be established: certificate verification, handshake or protocol failure.
  case tlsFailure(URL, reason: String)
  /// Status 400: the server rejected the request as malformed.
  case badRequest(URL)
  /// Status 401: authentication is required or was rejected.
  case unauthorized(URL)
  /// Status 403: the server refuses access.
  case forbidden(URL)
  /// Status 404: nothing at this address.
  case notFound(URL)
  /// Any other 4xx status.
  case clientError(status: Int, url: URL)
  /// Any 5xx status: the server failed.
  case serverError(status: Int, url: URL)
  /// Any other status outside 200–299 (1xx or 3xx that was not followed, or a nonstandard code).
  case unexpectedStatus(status: Int, url: URL)
  /// A write (any method but GET and HEAD) answered with a 4xx or 5xx whose body gave the server's reason
  /// (``HTTPResponse/serverReason``: `{"error": "No space left on device"}`, a short text): the status, and the
  /// reason as the server worded it. Thrown by ``HTTPClient/data(_:)`` instead of the status's own case, so the user
  /// reads why.
  case refused(status: Int, url: URL, reason: String)
  /// The response body exceeded `limit` bytes; the transfer was aborted.
  case responseTooLarge(URL, limit: Int)
  /// The body was not the expected JSON. `keyPath` locates the problem (`""` for the top level),
  /// `snippet` is the start of the body.
  case decodingFailed(URL, keyPath: String, reason: String, snippet: String)
  /// The transfer was abandoned before it finished, without the calling task being cancelled.
  case cancelled(URL)
  /// The transfer failed after connecting: the connection dropped mid-way.
  case transferFailed(URL, reason: String)
  /// The server answered with something the client will not use, whatever the retry: a redirect to another kind
  /// of address (`file://`, `gopher://`), a reply that is not HTTP (HTTP/0.9), a header larger than allowed, a
  /// redirect loop. `reason` says which, with the HTTP library's own words.
  case invalidResponse(URL, reason: String)
  /// The request was not sent: what carries it to the API could not start (the app's embedded API). `reason`, a
  /// sentence from the app, says what failed, why and how to fix it, and is the whole message: the request's address
  /// may be one the app made up until the API listens, so the message does not name it. Never retried, not a reason
  /// to keep a write for later.
  case unavailable(URL, reason: String)
  /// The request was not sent: the API this run would use cannot serve at all (the app's embedded API, whose data file
  /// does not load), so the app is offline — unreachable as for ``cannotConnect(_:reason:)``: reads answer from a
  /// cache, writes wait for later. `reason`, a sentence from the app, says what failed, why and how to fix it, and is
  /// the whole message: the request's address is one the app made up, which nothing answers. Not retried: nothing
  /// changes before the next run.
  case offline(URL, reason: String)

  /// The error for a response status outside 200–299, or `nil` for a success status.
  public init?(status: Int, url: URL) {
    switch status {
    case 200..<300: return nil
    case 400: self = .badRequest(url)
    case 401: self = .unauthorized(url)
    case 403: self = .forbidden(url)
    case 404: self = .notFound(url)
    case 400..<500: self = .clientError(status: status, url: url)
    case 500..<600: self = .serverError(status: status, url: url)
    default: self = .unexpectedStatus(status: status, url: url)
    }
  }

  /// The HTTP status this error reports, if it reports one.
  public var status: Int? {
    switch self {
    case .badRequest: 400
    case .unauthorized: 401
    case .forbidden: 403
    case .notFound: 404
    case .clientError(let status, _), .serverError(let status, _), .unexpectedStatus(let status, _),
      .refused(let status, _, _):
      status
    default: nil
    }
  }

  /// The URL the failed request was for (`nil` only for ``invalidURL(_:)``).
  public var url: URL? {
    switch self {
    case .invalidURL: nil
    case .cannotConnect(let url, _), .timedOut(let url), .tlsFailure(let url, _), .badRequest(let url),
      .unauthorized(let url), .forbidden(let url), .notFound(let url), .clientError(_, let url),
      .serverError(_, let url), .unexpectedStatus(_, let url), .responseTooLarge(let url, _),
      .decodingFailed(let url, _, _, _), .cancelled(let url), .transferFailed(let url, _),
      .invalidResponse(let url, _), .refused(_, let url, _), .unavailable(let url, _), .offline(let url, _):
      url
    }
  }

  /// Whether trying the same request again later may succeed (connectivity, timeouts, 5xx, 408, 429).
  public var isRetryable: Bool {
    switch self {
    case .cannotConnect, .timedOut, .serverError, .transferFailed, .cancelled: true
    case .clientError(let status, _): status == 408 || status == 429
    case .refused(let status, _, _): status >= 500 || status == 408 || status == 429
    default: false
    }
  }

  /// A one-sentence message for the user, naming the address (never its user name or password; not for
  /// ``unavailable(_:reason:)`` and ``offline(_:reason:)``, whose reason is the whole message) and what to do.
  public var description: String {
    switch self {
    case .invalidURL(let text):
      return "“\(URLCredentials.redact(text))” is not a valid web address (an http or https URL with a host is needed)."
    case .cannotConnect(let url, let reason):
      return
        "Could not connect to \(Self.host(url)): \(Self.plainReason(reason)). Check the network connection and that the "
        + "server is running. Detail: \(reason)"
    case .timedOut(let url):
      return "The request to \(url.withoutUserInfo.absoluteString) timed out. The server may be busy; try again."
    case .tlsFailure(let url, let reason):
      return "A secure connection to \(Self.host(url)) could not be established (\(reason))."
    case .badRequest(let url):
      return "The server rejected the request to \(url.withoutUserInfo.absoluteString) as invalid (400)."
    case .unauthorized(let url):
      return "Sign-in is required for \(url.withoutUserInfo.absoluteString) (401). Sign in again and retry."
    case .forbidden(let url):
      return "Access to \(url.withoutUserInfo.absoluteString) is not allowed (403)."
    case .notFound(let url):
      return "Nothing was found at \(url.withoutUserInfo.absoluteString) (404)."
    case .clientError(let status, let url):
      return "The server refused the request to \(url.withoutUserInfo.absoluteString) (\(status))."
    case .serverError(let status, let url):
      return "The server failed to answer \(url.withoutUserInfo.absoluteString) (\(status)). Try again later."
    case .unexpectedStatus(let status, let url):
      return "The server answered \(url.withoutUserInfo.absoluteString) with unexpected status \(status)."
    case .responseTooLarge(let url, let limit):
      return
        "The response from \(url.withoutUserInfo.absoluteString) was larger than \(limit) bytes and was not downloaded."
    case .decodingFailed(let url, let keyPath, let reason, let snippet):
      let location = keyPath.isEmpty ? "" : " at “\(keyPath)”"
      return
        "The response from \(url.withoutUserInfo.absoluteString) was not in the expected format\(location): \(reason) "
        + "Body starts: \(snippet)"
    case .cancelled(let url):
      return "The request to \(url.withoutUserInfo.absoluteString) was cancelled."
    case .transferFailed(let url, let reason):
      return "The connection to \(Self.host(url)) failed during the transfer (\(reason)). Try again."
    case .invalidResponse(let url, let reason):
      return "The answer from \(Self.host(url)) could not be used: \(reason)."
    case .unavailable(_, let reason), .offline(_, let reason):
      let sentence = reason.prefix(1).uppercased() + reason.dropFirst()
      return sentence.last.map { ".!?".contains($0) } == true ? sentence : sentence + "."
    case .refused(let status, let url, let reason):
      let again = status >= 500 ? " Try again later." : ""
      return "Refused by the server: \(reason) (\(status) from \(url.withoutUserInfo.absoluteString)).\(again)"
    }
  }

  /// Same as ``description``.
  public var errorDescription: String? { description }

  /// What an HTTP library's connection failure (`reason`, in its words) means, in plain words: the first sentence of
  /// ``description``, which a status line shows alone; the library's words follow as its detail.
  static func plainReason(_ reason: String) -> String {
    let words = reason.lowercased()
    if words.contains("changed hands") { return "the shared embedded API changed hands" }
    if words.contains("resolve") { return "that name was not found" }
    if words.contains("refused") || words.contains("couldn't connect") || words.contains("could not connect") {
      return "nothing answers there"
    }
    if words.contains("timed out") || words.contains("timeout") { return "no answer in time" }
    return "it could not be reached"
  }

  private static func host(_ url: URL) -> String {
    guard let host = url.host(percentEncoded: false), !host.isEmpty else { return url.withoutUserInfo.absoluteString }
    return url.port.map { "\(host):\($0)" } ?? host
  }
}
