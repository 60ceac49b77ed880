import Foundation

/// A change a write expects the server to make, declared so that every read of that data shows it at once. The
/// query layer applies it to each answer it gives for `GET <path>` — cached or fetched — until the server answers for
/// itself (``WriteIntent``). Two kinds, both plain JSON values so an outbox can keep them with a queued write:
///
/// - a **merge** into an answer that is a JSON object (RFC 7386 JSON Merge Patch: a member replaces the one of the
///   same name, `null` removes it, objects merge member by member): ``merge(_:into:)``. json-server's
///   `PATCH /profile_personal {"nickname":"x"}` is exactly such a merge, so a PATCH declares its own body;
/// - a **list change** to an answer that is a JSON array of objects (a collection: `GET /saved_items`), its items
///   named by their `id` member: ``insert(_:into:atStart:)``, ``remove(id:from:)``, ``move(id:in:to:)``.
///
/// A change that does not fit the answer (a merge into an array, a list change to an object) leaves it as it is.
public struct OptimisticChange: Equatable, Sendable {
  /// The path under the API whose GET answer changes, without a leading slash or query (`profile_personal`).
  public var path: String
  /// The change as JSON: a JSON object is merged into the answer; a JSON array is a list change, `["insert", "first"
  /// or "last", item]`, `["remove", id]` or `["move", id, index]` (the forms the static functions make).
  public var merge: Data

  /// A change merging `merge` (a JSON object), or making the list change `merge` (a JSON array, see ``merge``), into
  /// the answer of `GET <path>`; a leading `/` is dropped.
  public init(path: String, merge: Data) {
    self.path = path.hasPrefix("/") ? String(path.dropFirst()) : path
    self.merge = merge
  }

  /// `value` encoded as a request body is (``JSONCoding/encoder()``: snake_case keys, `nil` members left out),
  /// merged into the answer of `GET <path>`.
  ///
  /// - Throws: `EncodingError` when `value` cannot be encoded.
  public static func merge(_ value: some Encodable, into path: String) throws -> OptimisticChange {
    OptimisticChange(path: path, merge: try JSONCoding.encoder().encode(value))
  }

  /// `item` (encoded as a request body is: a JSON object) added to the list `GET <path>` answers, last, or first when
  /// `atStart`; nothing when the list holds an item with its `id` already (the server's answer has it).
  ///
  /// - Throws: `EncodingError` when `item` cannot be encoded.
  public static func insert(_ item: some Encodable, into path: String, atStart: Bool = false) throws -> Self {
    let item = try JSONCoding.encoder().encode(item)
    let place = atStart ? "first" : "last"
    return OptimisticChange(path: path, merge: Data(#"["insert","\#(place)","#.utf8) + item + Data("]".utf8))
  }

  /// The item whose `id` is `id` (a string, or the number it spells) taken out of the list `GET <path>` answers.
  public static func remove(id: String, from path: String) -> OptimisticChange {
    list(["remove", id], path)
  }

  /// The item whose `id` is `id` moved to `index` (0 first; past the end: last) in the list `GET <path>` answers.
  public static func move(id: String, in path: String, to index: Int) -> OptimisticChange {
    list(["move", id, min(max(0, index), Int(Int32.max))], path)
  }

  private static func list(_ operation: [Any], _ path: String) -> OptimisticChange {
    // Strings and a count always encode.
    OptimisticChange(path: path, merge: (try? JSONSerialization.data(withJSONObject: operation)) ?? Data("[]".utf8))
  }
}
