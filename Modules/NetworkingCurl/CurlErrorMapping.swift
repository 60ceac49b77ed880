import CCurl
import Foundation
import Networking

/// Translates a failed libcurl transfer into ``HTTPError``. Pure.
enum CurlErrorMapping {
  /// The error for the `CURLcode` whose raw value is `code`, on a transfer of `url`.
  ///
  /// - Parameters:
  ///   - exceededLimit: whether the write callback refused the body for being larger than `limit`.
  ///   - detail: libcurl's error buffer text, if any (it names host, port and cause).
  static func error(
    code rawCode: UInt32,
    url: URL,
    exceededLimit: Bool,
    limit: Int,
    detail: String
  ) -> HTTPError {
    let code = CURLcode(rawValue: rawCode)
    if exceededLimit || code == CURLE_FILESIZE_EXCEEDED {
      return .responseTooLarge(url, limit: limit)
    }
    let reason = detail.isEmpty ? String(cString: kumiki_curl_easy_strerror(code)) : detail
    switch code {
    case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
      // The request's own URL was checked before it was sent (`CurlRequestPlan`): the server led elsewhere.
      if detail.contains("HTTP/0.9") {
        return .invalidResponse(
          url, reason: "the server did not answer in HTTP (an HTTP/0.9 reply; libcurl: \(reason))")
      }
      return .invalidResponse(
        url, reason: "it redirects to an address that is not http or https (libcurl: \(reason))")
    case CURLE_TOO_MANY_REDIRECTS:
      return .invalidResponse(url, reason: "too many redirects (libcurl: \(reason))")
    case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING:
      return .invalidResponse(url, reason: "the reply is not valid HTTP (libcurl: \(reason))")
    case CURLE_OUT_OF_MEMORY:
      // libcurl answers a header line over its 100 KB limit with this code and no detail.
      return .invalidResponse(
        url, reason: "a response header is larger than libcurl accepts (100 KB), or memory ran out (libcurl: \(reason))"
      )
    case CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT:
      return .cannotConnect(url, reason: reason)
    case CURLE_OPERATION_TIMEDOUT:
      return .timedOut(url)
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
      CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED,
      CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
      CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
      return .tlsFailure(url, reason: reason)
    case CURLE_ABORTED_BY_CALLBACK:
      return .cancelled(url)
    default:
      return .transferFailed(url, reason: reason)
    }
  }
}
