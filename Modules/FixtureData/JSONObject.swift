/// A JSON object that keeps its keys in document order.
///
/// Lookups are linear, which is the right trade for the small records of a fixture database.
public struct JSONObject: Sendable, Hashable {
  /// One member of an object.
  public struct Member: Sendable, Hashable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members in document order. Keys are unique.
  public private(set) var members: [Member]

  /// Creates an object from key–value pairs; a repeated key keeps its first position and its last value.
  public init(_ pairs: [(String, JSONValue)] = []) {
    members = []
    for (key, value) in pairs { self[key] = value }
  }

  /// The keys in document order.
  public var keys: [String] { members.map(\.key) }

  /// The value for `key`; setting `nil` removes the member, setting a new key appends it.
  public subscript(key: String) -> JSONValue? {
    get { members.first { $0.key == key }?.value }
    set {
      let index = members.firstIndex { $0.key == key }
      switch (index, newValue) {
      case (let index?, let value?): members[index].value = value
      case (let index?, nil): members.remove(at: index)
      case (nil, let value?): members.append(Member(key: key, value: value))
      case (nil, nil): break
      }
    }
  }
}
