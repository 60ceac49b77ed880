import Foundation
import Persistence
import Testing

private struct ReaderPreferences: Codable, Equatable, Sendable {
  var fontScale: Double
  var categories: [String]
}

extension SettingKey where Value == ReaderPreferences {
  fileprivate static let preferences = SettingKey("reader.preferences", default: .init(fontScale: 1, categories: []))
}

/// The `SettingsClient` contract, against the live store and the fake alike.
@Suite struct SettingsClientTests {
  @Test(arguments: Backend.allCases) func unsetKeysReadTheirDefault(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    #expect(try await client.settings.get(.onboardingCompleted) == false)
    #expect(try await client.settings.get(SettingKey("count", default: 7)) == 7)
  }

  @Test(arguments: Backend.allCases) func storesTypedValuesPerKey(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    let settings = client.settings
    let preferences = ReaderPreferences(fontScale: 1.25, categories: ["ramen", "sushi"])
    try await settings.set(.onboardingCompleted, true)
    try await settings.set(SettingKey("name", default: ""), "Ada")
    try await settings.set(SettingKey("count", default: 0), 42)
    try await settings.set(.preferences, preferences)
    #expect(try await settings.get(.onboardingCompleted) == true)
    #expect(try await settings.get(SettingKey("name", default: "")) == "Ada")
    #expect(try await settings.get(SettingKey("count", default: 0)) == 42)
    #expect(try await settings.get(.preferences) == preferences)
    try await settings.set(.onboardingCompleted, false)
    #expect(try await settings.get(.onboardingCompleted) == false)
  }

  @Test(arguments: Backend.allCases) func removeRestoresTheDefault(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    try await client.settings.set(.onboardingCompleted, true)
    try await client.settings.remove(.onboardingCompleted)
    #expect(try await client.settings.get(.onboardingCompleted) == false)
    #expect(try await client.settings.load(SettingKey<Bool>.onboardingCompleted.name) == nil)
  }

  @Test(arguments: Backend.allCases) func aValueOfAnotherTypeIsAClearErrorAndIsKept(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    try await client.settings.set(SettingKey("onboarding.completed", default: ""), "yes")
    await #expect {
      try await client.settings.get(.onboardingCompleted)
    } throws: { error in
      guard case .decodingFailed(let key, _) = error as? PersistenceError else { return false }
      return key == "onboarding.completed"
    }
    #expect(try await client.settings.get(SettingKey("onboarding.completed", default: "")) == "yes")
  }
}
