/// A key press with its modifiers.
public struct KeyEvent: Hashable, Sendable {
  /// The key.
  public var key: Key
  /// Modifiers held.
  public var modifiers: KeyModifiers

  /// Creates a key event.
  public init(_ key: Key, modifiers: KeyModifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }
}
