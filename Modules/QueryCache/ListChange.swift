import Foundation

/// A list change of an ``Networking/OptimisticChange`` (its JSON is an array): an item inserted, removed or moved in
/// an answer that is a JSON array, items named by their `id` member.
enum ListChange {
  case insert(Any, atStart: Bool)
  case remove(id: String)
  case move(id: String, to: Int)

  /// The largest index a move names (bigger ones mean last).
  static let maxIndex = Int(Int32.max)

  /// The list change `json` spells (`["insert", "first" or "last", item]`, `["remove", id]`, `["move", id, index]`,
  /// an id a string or a whole number), or `nil` when it spells none (a merge's object, a newer build's change, a
  /// damaged one).
  init?(json: Data) {
    guard let spelled = try? JSONDecoder().decode(Spelled.self, from: json) else { return nil }
    switch spelled {
    case .insert(let atStart):
      guard let parts = try? JSONSerialization.jsonObject(with: json) as? [Any], parts.count == 3 else { return nil }
      self = .insert(parts[2], atStart: atStart)
    case .remove(let id): self = .remove(id: id)
    case .move(let id, let index): self = .move(id: id, to: index)
    }
  }

  /// A list change as decoded, its types checked exactly (`true` is no id, `1.5` no index); an insert's item is read
  /// apart, as any JSON.
  private enum Spelled: Decodable {
    case insert(atStart: Bool)
    case remove(id: String)
    case move(id: String, index: Int)

    init(from decoder: any Decoder) throws {
      var parts = try decoder.unkeyedContainer()
      let name = try parts.decode(String.self)
      func id() throws -> String {
        if let text = try? parts.decode(String.self) { return text }
        return String(try parts.decode(Int.self))
      }
      switch (name, parts.count ?? 0) {
      case ("insert", 3):
        let place = try parts.decode(String.self)
        guard place == "first" || place == "last" else { throw Self.unknown(parts) }
        self = .insert(atStart: place == "first")
      case ("remove", 2): self = .remove(id: try id())
      case ("move", 3):
        let id = try id()
        let index = try parts.decode(Int.self)
        guard (0...ListChange.maxIndex).contains(index) else { throw Self.unknown(parts) }
        self = .move(id: id, index: index)
      default: throw Self.unknown(parts)
      }
    }

    private static func unknown(_ parts: any UnkeyedDecodingContainer) -> DecodingError {
      .dataCorruptedError(in: parts, debugDescription: "not a list change this build knows")
    }
  }

  /// `list` with this change made.
  func applied(to list: [Any]) -> [Any] {
    var list = list
    switch self {
    case .insert(let item, let atStart):
      if let id = Self.idText((item as? [String: Any])?["id"]), Self.index(of: id, in: list) != nil { return list }
      if atStart { list.insert(item, at: 0) } else { list.append(item) }
    case .remove(let id):
      list.removeAll { Self.idText(($0 as? [String: Any])?["id"]) == id }
    case .move(let id, let index):
      guard let from = Self.index(of: id, in: list) else { return list }
      let item = list.remove(at: from)
      list.insert(item, at: min(index, list.count))
    }
    return list
  }

  private static func index(of id: String, in list: [Any]) -> Int? {
    list.firstIndex { idText(($0 as? [String: Any])?["id"]) == id }
  }

  /// An item's `id` as text: a string as it is, a whole number in decimal (json-server's ids are either); `nil` for
  /// anything else.
  static func idText(_ value: Any?) -> String? {
    switch value {
    case let text as String: text
    case let number as NSNumber:
      number.doubleValue.rounded() == number.doubleValue && abs(number.doubleValue) < 1e15
        ? String(number.int64Value) : nil
    default: nil
    }
  }
}
