import Foundation

/// The JSON conventions of Kumiki's APIs: snake_case keys on the wire, camelCase properties in Swift.
///
/// A type read from an API names the API's keys in its `CodingKeys` — `case photoUrl = "photo_url"`, a one-word
/// property as itself — and the decoder uses them as they are: no key is converted at run time. (The
/// `.convertFromSnakeCase` strategy rewrote every key of every object and cast each decoded type to a marker
/// protocol, a scan of the binary's conformance records per type: most of the time spent decoding an answer,
/// `Benchmarks/README.md`, issue 38 round 4.) The encoder still writes camelCase as snake_case, so a body built from
/// Swift names (a form's draft, a patch) and a type with snake_case `CodingKeys` both go out as the API spells them.
public enum JSONCoding {
  /// A decoder that reads each key as the type's `CodingKeys` spell it (the API's snake_case names).
  public static func decoder() -> JSONDecoder {
    JSONDecoder()
  }

  /// An encoder that maps `camelCase` keys to `snake_case` (a key already in snake_case stays as it is).
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }

  /// `key`'s snake_case words joined in camelCase as `JSONDecoder`'s `.convertFromSnakeCase` joined them: the first
  /// word lowercased, each next one capitalized, leading and trailing underscores kept; a key of one word unchanged
  /// (`nick_name` → `nickName`). For keys known only at run time (a form's fields) and for messages, which name a
  /// field as Swift does (``HTTPError/decodingFailed(_:keyPath:reason:snippet:)``).
  public static func camelCase(_ key: String) -> String {
    guard let first = key.firstIndex(where: { $0 != "_" }), let last = key.lastIndex(where: { $0 != "_" }) else {
      return key
    }
    let words = key[first...last].split(separator: "_")
    guard words.count > 1 else { return key }
    let joined =
      words[0].lowercased()
      + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    return String(key[..<first]) + joined + String(key[key.index(after: last)...])
  }
}
