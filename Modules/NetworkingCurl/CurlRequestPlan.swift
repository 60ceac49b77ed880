import Foundation
import Networking

/// A request checked and translated into what libcurl needs: the URL text, header lines and timeout.
///
/// Pure: built on the calling task before anything reaches the driver, so invalid input fails early.
struct CurlRequestPlan: Sendable {
  /// The resolved URL (query items appended): errors and responses carry it.
  let url: URL
  /// `url` as text for `CURLOPT_URL`.
  let urlText: String
  let method: HTTPMethod
  /// `Name: value` lines for `CURLOPT_HTTPHEADER` (CR and LF removed).
  let headerLines: [String]
  /// Whether the request sets its own `User-Agent`.
  let hasUserAgent: Bool
  let body: Data?
  let timeoutMilliseconds: Int
  let isHTTPS: Bool
  /// `scheme://host:port`, to match ``CurlConfiguration/credentials``.
  let origin: String

  /// - Throws: ``HTTPError/invalidURL(_:)`` unless the URL is absolute `http`/`https` with a host.
  init(_ request: HTTPRequest, timeout defaultTimeout: Duration) throws(HTTPError) {
    guard let url = request.resolvedURL else { throw .invalidURL(request.url.absoluteString) }
    let scheme = url.scheme?.lowercased()
    guard scheme == "http" || scheme == "https",
      let host = url.host(percentEncoded: true), !host.isEmpty
    else { throw .invalidURL(url.absoluteString) }
    let text = url.absoluteString
    guard !text.utf8.contains(where: { $0 < 0x21 || $0 == 0x7F }) else { throw .invalidURL(text) }
    self.url = url
    self.urlText = text
    self.method = request.method
    self.isHTTPS = scheme == "https"
    self.origin = URLCredentials.origin(of: url)
    self.body = request.body
    self.timeoutMilliseconds = (request.timeout ?? defaultTimeout).curlMilliseconds
    var lines: [String] = []
    var hasUserAgent = false
    for field in request.headers {
      let name = Self.trim(Self.clean(field.name))
      guard !name.isEmpty, !name.contains(":") else { continue }
      let value = Self.trim(Self.clean(field.value))
      if name.lowercased() == "user-agent" { hasUserAgent = true }
      // libcurl sends `Name;` as an empty header; `Name:` would remove one it adds itself.
      lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
    }
    if request.body != nil, request.headers["Expect"] == nil {
      lines.append("Expect:")  // no `100-continue` round trip for uploads
    }
    self.headerLines = lines
    self.hasUserAgent = hasUserAgent
  }

  /// `text` without leading and trailing spaces and tabs.
  private static func trim(_ text: String) -> String {
    guard let first = text.first, let last = text.last,
      first == " " || first == "\t" || last == " " || last == "\t"
    else { return text }
    var slice = Substring(text)
    while let head = slice.first, head == " " || head == "\t" { slice.removeFirst() }
    while let tail = slice.last, tail == " " || tail == "\t" { slice.removeLast() }
    return String(slice)
  }

  /// `text` with every CR, LF and NUL replaced by a space, so a value cannot smuggle in a header line.
  private static func clean(_ text: String) -> String {
    func isBreaking(_ scalar: Unicode.Scalar) -> Bool { scalar == "\r" || scalar == "\n" || scalar == "\0" }
    guard text.unicodeScalars.contains(where: isBreaking) else { return text }
    var cleaned = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { cleaned.append(isBreaking(scalar) ? " " : scalar) }
    return String(cleaned)
  }
}
