import Foundation

/// A complete HTTP response: status, headers and body, for the URL that was requested.
///
/// Any status is a response; ``validated()`` turns statuses outside 200–299 into ``HTTPError``.
public struct HTTPResponse: Sendable, Hashable {
  /// The status code, for example 200.
  public var status: Int
  /// The response headers of the final response (after redirects).
  public var headers: HTTPHeaders
  /// The body, decompressed.
  public var body: Data
  /// The URL that was requested, query included.
  public var url: URL

  /// Creates a response.
  public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL) {
    self.status = status
    self.headers = headers
    self.body = body
    self.url = url
  }

  /// Whether the status is in 200–299.
  public var isSuccess: Bool { (200..<300).contains(status) }

  /// This response if its status is in 200–299.
  ///
  /// - Throws: ``HTTPError`` for the status (``HTTPError/notFound(_:)``, ``HTTPError/serverError(status:url:)``…).
  public func validated() throws(HTTPError) -> HTTPResponse {
    if let error = HTTPError(status: status, url: url) { throw error }
    return self
  }

  /// The longest reason ``serverReason`` returns, in characters.
  public static let maxReasonLength = 200

  /// The reason the server gave for a status outside 200–299, in its own words: a JSON object's `error` or `message`
  /// string (json-server's and the fixture server's shape: `{"error": "No space left on device"}`), or a short
  /// `text/plain` body. One line — control characters and line breaks become spaces, runs of spaces one, format
  /// characters (bidi controls, zero-width joiners) are dropped — at most
  /// ``maxReasonLength`` characters (`…` when cut); `nil` for a success, an empty or unreadable body, or none of those
  /// shapes. Still the server's text: a terminal shows it through its sanitiser.
  public var serverReason: String? {
    guard !isSuccess, !body.isEmpty, body.count <= 64 << 10 else { return nil }
    var text: String?
    if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
      let fields = object as? [String: Any]
      text = [fields?["error"], fields?["message"]].lazy.compactMap { $0 as? String }.first
    } else if (headers["Content-Type"] ?? "text/plain").lowercased().hasPrefix("text/plain"), body.count <= 1024 {
      text = String(data: body, encoding: .utf8)
    }
    guard let text else { return nil }
    var line = ""
    var lastWasSpace = true
    for character in text {
      // Format characters (bidi overrides, zero-width joiners) go: they would reorder or join what a terminal shows.
      if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .format }) { continue }
      let space =
        character.isWhitespace || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
      if space {
        if !lastWasSpace { line.append(" ") }
      } else {
        line.append(character)
      }
      lastWasSpace = space
      if line.count > Self.maxReasonLength { break }
    }
    while line.last == " " { line.removeLast() }
    guard !line.isEmpty else { return nil }
    return line.count > Self.maxReasonLength ? String(line.prefix(Self.maxReasonLength)) + "…" : line
  }

  /// The body decoded as JSON with snake_case keys (see ``JSONCoding``).
  ///
  /// - Throws: ``HTTPError/decodingFailed(_:keyPath:reason:snippet:)`` with the key path and the start of the body.
  public func decode<T: Decodable>(
    _ type: T.Type = T.self, decoder: JSONDecoder = JSONCoding.decoder()
  )
    throws(HTTPError) -> T
  {
    do {
      return try decoder.decode(type, from: body)
    } catch {
      throw HTTPError.decoding(error, body: body, url: url)
    }
  }
}
