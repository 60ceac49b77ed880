/// Why features could not be assembled.
public enum RegistryError: Error, Equatable, CustomStringConvertible {
  /// Two features share a key.
  case duplicateKey(String)
  /// `--features` named a feature that is not registered.
  case unknownFeature(String, available: [String])

  public var description: String {
    switch self {
    case .duplicateKey(let key): "two features are mounted under the key '\(key)'"
    case .unknownFeature(let key, let available):
      "unknown feature '\(key)'; available: \(available.joined(separator: ", "))"
    }
  }
}
