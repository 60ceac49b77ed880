/// A typed settings key: its name in the store and the value to use when nothing is stored.
///
/// Declare keys as static members so every use agrees on name, type and default:
/// ```swift
/// extension SettingKey where Value == Bool {
///   static let onboardingCompleted = SettingKey("onboarding.completed", default: false)
/// }
/// ```
public struct SettingKey<Value: Codable & Sendable>: Sendable {
  /// The key's name in the store, dotted by convention (`area.name`).
  public let name: String
  /// The value `SettingsClient.get` returns when the key has never been set (or was removed).
  public let defaultValue: Value

  /// Creates a key with its name and default.
  public init(_ name: String, default defaultValue: Value) {
    self.name = name
    self.defaultValue = defaultValue
  }
}

extension SettingKey where Value == Bool {
  /// Whether the reader finished onboarding (was a UserDefaults flag in the original app).
  public static let onboardingCompleted = SettingKey("onboarding.completed", default: false)
}
