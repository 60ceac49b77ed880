import Foundation

/// The JSON conventions of Kumiki's APIs: snake_case keys on the wire, camelCase properties in Swift.
public enum JSONCoding {
  /// A decoder that maps `snake_case` keys to `camelCase` properties.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }

  /// An encoder that maps `camelCase` properties to `snake_case` keys.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }
}
