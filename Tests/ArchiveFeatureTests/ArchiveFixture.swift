import ArchiveFeature
import Core
import CoreTesting
import FixtureData
import Foundation
import Networking
import NetworkingTesting
import Persistence
import Synchronization

/// The bundled `db.json`'s `achive_images` (36 items, 6 per category), served through fakes with json-server's
/// real query semantics (`QueryEngine`), and the expected items by id.
enum ArchiveFixture {
  static let baseURL = URL(string: "http://archive.test")!
  /// The pinned clock for saved items.
  static let now = Date(timeIntervalSince1970: 1_714_564_800)  // 2024-05-01T12:00:00Z

  struct FixtureError: Error, CustomStringConvertible {
    var description: String
  }

  /// The raw elements, as the fixture server stores them.
  static func elements() throws -> [JSONValue] {
    guard case .array(let elements)? = try FixtureDatabase.bundled["achive_images"] else {
      throw FixtureError(description: "db.json has no achive_images list")
    }
    return elements
  }

  /// Every item of the fixture, by id, as the feature shows it.
  static let itemsByID: [Int: ArchiveItem] = {
    let all = (try? Self.elements()) ?? []
    let text = JSONWriter(prettyPrinted: false).string(of: .array(all))
    let objects = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String: Any]] ?? []
    var items: [Int: ArchiveItem] = [:]
    for object in objects {
      guard let id = object["id"] as? Int else { continue }
      items[id] = ArchiveItem(
        id: id,
        photoUrl: object["photo_url"] as? String ?? "",
        category: object["category"] as? String ?? "",
        dishName: object["dish_name"] as? String ?? "",
        shopName: object["shop_name"] as? String ?? "",
        introduction: object["introduction"] as? String ?? "")
    }
    return items
  }()

  /// The fixture items with these ids, in this order.
  static func items(_ ids: [Int]) -> [ArchiveItem] { ids.map { itemsByID[$0]! } }

  /// The items with ids in `range`.
  static func items(_ range: ClosedRange<Int>) -> [ArchiveItem] { items(Array(range)) }

  /// What json-server answers for the query and page: the page's JSON body and `X-Total-Count`.
  static func answer(_ query: ArchiveQuery, page: Int) throws -> (body: String, total: Int) {
    var parameters: [QueryParameter] = []
    if !query.keyword.isEmpty { parameters.append(QueryParameter("q", query.keyword)) }
    if let category = query.category { parameters.append(QueryParameter("category", category)) }
    parameters += [QueryParameter("_page", String(page)), QueryParameter("_limit", "20")]
    let result = try QueryEngine().run(parameters, on: elements())
    return (JSONWriter(prettyPrinted: false).string(of: .array(result.items)), result.totalCount ?? result.items.count)
  }

  /// Stubs `GET /achive_images` for the query and page with the fixture's real answer.
  static func stubSearch(_ fake: FakeHTTPClient, _ query: ArchiveQuery = .all, page: Int = 1) throws {
    let (body, total) = try answer(query, page: page)
    fake.stub(
      "/achive_images", query: query.queryItems + [URLQueryItem(name: "_page", value: String(page))],
      .json(body, headers: ["X-Total-Count": String(total)]))
  }

  /// Stubs `GET /achive_images/ID` with the fixture's element.
  static func stubItem(_ fake: FakeHTTPClient, id: Int) throws {
    guard let element = try elements().first(where: { $0["id"] == .integer(id) }) else {
      throw FixtureError(description: "no fixture item \(id)")
    }
    fake.stub("/achive_images/\(id)", .json(JSONWriter(prettyPrinted: false).string(of: element)))
  }

  /// A fake client answering every query with the fixture's real results (no HTTP), for tests about effects.
  static func page(_ query: ArchiveQuery, _ page: Int) throws -> ArchivePage {
    let (body, total) = try answer(query, page: page)
    let objects = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: Any]] ?? []
    return ArchivePage(query: query, page: page, items: objects.map { itemsByID[$0["id"] as! Int]! }, total: total)
  }

  /// The expected page.
  static func page(_ query: ArchiveQuery, page: Int = 1, ids: [Int], total: Int) -> ArchivePage {
    ArchivePage(query: query, page: page, items: items(ids), total: total)
  }

  /// The saved record of a fixture item at `savedAt`.
  static func savedItem(_ id: Int, savedAt: Date = now) -> SavedItem {
    let item = itemsByID[id]!
    return SavedItem(
      id: id, category: item.category, dishName: item.dishName, shopName: item.shopName,
      introduction: item.introduction, photoURL: item.photoUrl, savedAt: savedAt)
  }

  /// The saved entry of a fixture item at `savedAt`.
  static func entry(_ id: Int, savedAt: Date = now) -> SavedArchiveItem {
    SavedArchiveItem(item: itemsByID[id]!, savedAt: savedAt)
  }
}

/// A one-shot signal an effect can wait on, opened by the test (no sleeping, no timeouts).
final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// Returns once the gate is open (at once if it already is).
  func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state -> Bool in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// Opens the gate, releasing every waiter.
  func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// A value set from an effect and read by the test.
final class Box<Value: Sendable>: Sendable {
  private let value: Mutex<Value>
  init(_ value: Value) { self.value = Mutex(value) }
  var current: Value { value.withLock { $0 } }
  func set(_ newValue: Value) { value.withLock { $0 = newValue } }
}
