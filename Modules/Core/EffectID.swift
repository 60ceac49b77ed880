/// Names an effect so it can be cancelled, or replaced with `cancelInFlight`.
public struct EffectID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The identifier's text.
  public let rawValue: String

  /// An identifier with the given text.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  public init(stringLiteral value: String) { self.rawValue = value }

  /// The same identifier inside a namespace, e.g. a feature mounted under a key.
  public func namespaced(_ namespace: String) -> EffectID { EffectID(namespace + "/" + rawValue) }

  public var description: String { rawValue }
}
