import Networking

/// What a form's fields hold, by key, as typed — and, encoded, the JSON body a send posts: each field under its key
/// (snake_case through the API's coder), a number as a JSON number, a toggle as a boolean, everything else as a
/// string. Decoded from a server's answer, it reads each member back the same way (`id` included), so the item the
/// server stored is a draft too.
public struct FormDraft: Equatable, Codable, Sendable {
  /// The values by key; a key not in it is empty.
  public var values: [String: String]
  /// The keys sent as JSON numbers and as booleans (from the fields' kinds, or what a decoded answer held).
  var numbers: Set<String> = []
  var toggles: Set<String> = []

  /// A draft of every field of `fields`, empty (a toggle off), with `values` in place.
  public init(_ fields: [FormField], _ values: [String: String] = [:]) {
    self.values = [:]
    for field in fields {
      self.values[field.key] = values[field.key] ?? (field.kind == .toggle ? "false" : "")
      if case .number = field.kind { numbers.insert(field.key) }
      if field.kind == .toggle { toggles.insert(field.key) }
    }
  }

  /// The value of `key`, empty when it has none.
  public subscript(key: String) -> String {
    get { values[key] ?? "" }
    set { values[key] = newValue }
  }

  /// The values that differ from `original`'s, alone: what a PATCH sends (empty when nothing changed).
  public func changes(from original: FormDraft) -> FormDraft {
    var changes = self
    changes.values = values.filter { original[$0.key] != $0.value }
    return changes
  }

  /// Each broken rule of `fields`, in field order, with the message under the field.
  public func problems(_ fields: [FormField]) -> [(field: FormField, message: String)] {
    fields.compactMap { field in field.problem(self[field.key]).map { (field, $0) } }
  }

  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Reads a JSON object: booleans, whole numbers and strings become values (kept as the same JSON type when sent
  /// again); `null`, other numbers, arrays and objects are left out. A member's snake_case name is read back as the
  /// field's camelCase key (`nick_name` → `nickName`), as the API's encoder wrote it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    values = [:]
    for key in container.allKeys {
      let name = JSONCoding.camelCase(key.stringValue)
      if let flag = try? container.decode(Bool.self, forKey: key) {
        values[name] = flag ? "true" : "false"
        toggles.insert(name)
      } else if let number = try? container.decode(Int.self, forKey: key) {
        values[name] = String(number)
        numbers.insert(name)
      } else if let text = try? container.decode(String.self, forKey: key) {
        values[name] = text
      }
    }
  }

  /// Writes the JSON body, keys in order: a number that does not parse goes as the string typed (a draft with a
  /// broken rule is never sent, but a state holding one is still written), an empty one as `null`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for (name, value) in values.sorted(by: { $0.key < $1.key }) {
      let key = Key(stringValue: name)
      if toggles.contains(name) {
        try container.encode(value == "true", forKey: key)
      } else if numbers.contains(name), let number = Int(value) {
        try container.encode(number, forKey: key)
      } else if numbers.contains(name), value.isEmpty {
        try container.encodeNil(forKey: key)
      } else {
        try container.encode(value, forKey: key)
      }
    }
  }
}
