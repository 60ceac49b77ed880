import FixtureData
import Foundation
import HTTPTypes
import Hummingbird

/// The routes that describe the server rather than its data:
/// - `GET /`: a home page, `text/html`, listing every resource with a link (and its number of items, for a list)
///   and `/db`, as json-server's index page does. Ours is written by the server (no script, nothing fetched from a
///   CDN); json-server's is a static page that fetches `/db` with jQuery from `code.jquery.com`.
/// - `GET /__rules`, with `--routes` only: the rewrite rules as given (json-server's rewriter answers the same).
struct InfoRoutes: Sendable {
  let store: FixtureStore
  let routes: RouteRewriter?

  func register(on router: Router<FixtureRequestContext>) {
    router.get("/") { _, _ in
      var headers = HTTPFields()
      headers[.contentType] = "text/html; charset=utf-8"
      headers[.cacheControl] = "no-cache"
      return Response(
        status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: homePage())))
    }
    if let routes {
      router.get("__rules") { _, _ in
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        let bytes = JSONWriter(prettyPrinted: true).bytes(of: routes.json)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
      }
    }
  }

  /// The home page for the data served now.
  func homePage() -> String {
    let database = store.snapshot
    var items = ""
    for name in database.resourceNames {
      let link = "/" + (name.addingPercentEncoding(withAllowedCharacters: Self.pathSegment) ?? name)
      let detail: String
      switch database[name] {
      case .array(let elements)?: detail = elements.count == 1 ? "1 item" : "\(elements.count) items"
      default: detail = "singular"
      }
      items += "      <li><a href=\"\(Self.escaped(link))\">\(Self.escaped(link))</a> (\(detail))</li>\n"
    }
    return """
      <!doctype html>
      <html lang="en">
        <head><meta charset="utf-8"><title>kumiki-api</title></head>
        <body>
          <h1>kumiki-api</h1>
          <p>A json-server 0.17 compatible fixture API. Resources:</p>
          <ul id="resources">
      \(items)    </ul>
          <p>The whole database: <a href="/db">/db</a>.</p>
        </body>
      </html>

      """
  }

  /// RFC 3986's unreserved characters: the rest of a name is percent-encoded in a link.
  private static let pathSegment = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

  /// `text` safe in HTML text and in a double-quoted attribute.
  static func escaped(_ text: String) -> String {
    var output = ""
    for character in text {
      switch character {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      default: output.append(character)
      }
    }
    return output
  }
}
