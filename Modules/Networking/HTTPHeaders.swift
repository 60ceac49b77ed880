/// An ordered list of HTTP header fields with case-insensitive lookup by name.
///
/// Repeated names are kept (as HTTP allows); the subscript reads the first value and replaces all of them.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
  /// One header field: a name and its value, as received or as to be sent.
  public struct Field: Sendable, Hashable {
    /// The field name, with the case it was given.
    public var name: String
    /// The field value, without surrounding whitespace.
    public var value: String

    /// Creates a field.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The fields in order.
  public private(set) var fields: [Field]

  /// Creates headers from fields, keeping their order.
  public init(_ fields: [Field] = []) {
    self.fields = fields
  }

  /// Creates headers from `name: value` pairs, keeping their order.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.fields = elements.map { Field(name: $0.0, value: $0.1) }
  }

  /// The first value for `name` (case-insensitive), or `nil`. Setting replaces every field of that name;
  /// setting `nil` removes them.
  public subscript(name: String) -> String? {
    get { fields.first { Self.same($0.name, name) }?.value }
    set {
      guard let newValue else {
        fields.removeAll { Self.same($0.name, name) }
        return
      }
      guard let first = fields.firstIndex(where: { Self.same($0.name, name) }) else {
        fields.append(Field(name: name, value: newValue))
        return
      }
      fields[first].value = newValue
      var index = fields.index(after: first)
      while index < fields.endIndex {
        if Self.same(fields[index].name, name) {
          fields.remove(at: index)
        } else {
          index += 1
        }
      }
    }
  }

  /// Every value for `name` (case-insensitive), in order.
  public func values(for name: String) -> [String] {
    fields.filter { Self.same($0.name, name) }.map(\.value)
  }

  /// Appends a field, keeping any existing fields of the same name.
  public mutating func add(name: String, value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Whether there are no fields.
  public var isEmpty: Bool { fields.isEmpty }

  /// Iterates over the fields in order.
  public func makeIterator() -> IndexingIterator<[Field]> {
    fields.makeIterator()
  }

  /// Whether two field names are equal ignoring ASCII case (field names are ASCII tokens), without allocating.
  static func same(_ a: String, _ b: String) -> Bool {
    var left = a.utf8.makeIterator()
    var right = b.utf8.makeIterator()
    while true {
      switch (left.next(), right.next()) {
      case (nil, nil): return true
      case (let x?, let y?):
        if x == y { continue }
        guard x | 0x20 == y | 0x20, (0x61...0x7A).contains(x | 0x20) else { return false }
      default: return false
      }
    }
  }

  /// The fields as `Name: value` lines.
  public var description: String {
    fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
  }
}
