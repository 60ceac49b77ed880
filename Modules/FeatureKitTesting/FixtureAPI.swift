import FixtureData
import Foundation
import Networking

/// The fixture API without a server, for feature suites: an ``HTTPClient`` that answers `GET` requests from the
/// fixture data (every feature's `fixtures.json`, or a database of the test's own) with json-server's query
/// semantics — the same engine the fixture server runs — so a feature's client is tested on the real data and the
/// real filters, sorting and paging, with no socket.
///
/// ```swift
/// let client = HomeClient.live(http: try FixtureAPI.client(), baseURL: FixtureAPI.baseURL)
/// ```
public enum FixtureAPI {
  /// The base URL the fake answers on (any host works; this one reads well in failures).
  public static let baseURL = URL(string: "http://fixtures.test")!

  /// A client answering from `database` (by default the bundled union of every feature's fixtures):
  /// - `GET /name` on a list: the elements after the query (`_page`, `_limit`, filters, `_sort`, `q`), with
  ///   `X-Total-Count` when paged;
  /// - `GET /name/ID` on a list: that element, or 404 `{}`;
  /// - `GET /name` on a singular resource: the object;
  /// - anything else: 404 `{}`. A query the engine refuses answers 400 with its reason.
  public static func client(_ database: FixtureDatabase? = nil) throws -> HTTPClient {
    let database = try database ?? FixtureDatabase.bundled
    return HTTPClient { request in answer(request, from: database) }
  }

  /// The answer `client(_:)` gives to `request`.
  public static func answer(_ request: HTTPRequest, from database: FixtureDatabase) -> HTTPResponse {
    let url = request.resolvedURL ?? request.url
    func respond(_ status: Int, _ value: JSONValue, headers: HTTPHeaders = [:]) -> HTTPResponse {
      var headers = headers
      headers["Content-Type"] = "application/json; charset=utf-8"
      return HTTPResponse(
        status: status, headers: headers, body: Data(JSONWriter(prettyPrinted: true).bytes(of: value)), url: url)
    }
    let notFound = respond(404, .object(JSONObject()))
    guard request.method == .get else { return notFound }
    let segments = url.path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
    guard let name = segments.first, let resource = database[name], segments.count <= 2 else { return notFound }
    guard case .array(let elements) = resource else {
      return segments.count == 1 ? respond(200, resource) : notFound
    }
    if segments.count == 2 {
      let id = segments[1]
      let element = elements.first { element in
        guard case .object(let object) = element, let value = object["id"] else { return false }
        return JSONWriter(prettyPrinted: false).string(of: value).trimmingCharacters(in: ["\""]) == id
      }
      return element.map { respond(200, $0) } ?? notFound
    }
    let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery ?? ""
    do {
      let result = try QueryEngine().run(QueryParameter.parse(query: query), on: elements)
      var headers: HTTPHeaders = [:]
      if let total = result.totalCount { headers["X-Total-Count"] = String(total) }
      return respond(200, .array(result.items), headers: headers)
    } catch {
      return respond(400, .object(JSONObject([("error", .string(String(describing: error)))])))
    }
  }
}
