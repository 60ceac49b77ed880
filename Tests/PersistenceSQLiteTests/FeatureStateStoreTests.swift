import Foundation
import Persistence
import Testing

private struct Filters: Codable, Equatable, Sendable {
  var categories: [String]
  var openNow: Bool
}

private struct FiltersV1: Codable {
  var category: String
}

/// The `FeatureStateStore` contract and the `PersistedState` versioning rules, against the live store and the fake.
@Suite struct FeatureStateStoreTests {
  fileprivate let current = PersistedState<Filters>(featureKey: "archive.filters", version: 2) { version, data in
    guard version == 1 else { return nil }
    let old = try JSONDecoder().decode(FiltersV1.self, from: data)
    return Filters(categories: [old.category], openNow: false)
  }

  @Test(arguments: Backend.allCases) func nothingStoredLoadsAsMissing(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    #expect(try await client.featureState.load(current) == .missing)
  }

  @Test(arguments: Backend.allCases) func savedStateLoadsBack(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    let filters = Filters(categories: ["ramen"], openNow: true)
    try await client.featureState.save(filters, as: current)
    #expect(try await client.featureState.load(current) == .loaded(filters))
    #expect(try await client.featureState.load("archive.filters")?.version == 2)
    #expect(try await client.featureState.archived("archive.filters") == [])
  }

  @Test(arguments: Backend.allCases) func anOlderVersionIsUpgradedAndArchivedWhenReplaced(backend: Backend) async throws
  {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    let store = client.featureState
    let v1 = Data(#"{"category":"sushi"}"#.utf8)
    try await store.save("archive.filters", 1, v1)
    let loaded = try await store.load(current)
    #expect(loaded == .upgraded(Filters(categories: ["sushi"], openNow: false), fromVersion: 1))
    try await store.save(loaded.value!, as: current)
    let archived = try await store.archived("archive.filters")
    #expect(archived.map(\.version) == [1])
    #expect(archived.first?.data == v1)
    #expect(archived.first?.reason == "replaced by version 2")
    #expect(try await store.load(current) == .loaded(Filters(categories: ["sushi"], openNow: false)))
  }

  @Test(arguments: Backend.allCases) func anUndecodableRecordIsSetAsideNotDeleted(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    let store = client.featureState
    let broken = Data("{ not json".utf8)
    try await store.save("archive.filters", 2, broken)
    guard case .setAside(let version, let reason) = try await store.load(current) else {
      Issue.record("an undecodable record must be set aside")
      return
    }
    #expect(version == 2)
    #expect(reason.contains("does not decode"))
    #expect(try await store.load("archive.filters") == nil)
    #expect(try await store.archived("archive.filters").map(\.data) == [broken])
  }

  @Test(arguments: Backend.allCases) func anOlderVersionWithoutUpgradeIsSetAside(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    let store = client.featureState
    try await store.save("archive.filters", 0, Data("[]".utf8))
    #expect(try await store.load(current) == .setAside(version: 0, reason: "no upgrade from version 0 to 2"))
    #expect(try await store.archived("archive.filters").map(\.version) == [0])
  }

  @Test(arguments: Backend.allCases) func aNewerVersionIsLeftInPlaceAndArchivedOnSave(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    let store = client.featureState
    let future = Data(#"{"v3":true}"#.utf8)
    try await store.save("archive.filters", 3, future)
    #expect(try await store.load(current) == .newerVersion(3))
    #expect(try await store.load("archive.filters") == StoredFeatureState(version: 3, data: future))
    try await store.save(Filters(categories: [], openNow: true), as: current)
    #expect(try await store.archived("archive.filters").map(\.data) == [future])
  }

  @Test(arguments: Backend.allCases) func featuresAreKeptApart(backend: Backend) async throws {
    let (client, cleanup) = try backend.make()
    defer { cleanup() }
    let other = PersistedState<Filters>(featureKey: "search.filters", version: 1)
    try await client.featureState.save(Filters(categories: ["a"], openNow: false), as: current)
    try await client.featureState.save(Filters(categories: ["b"], openNow: true), as: other)
    #expect(try await client.featureState.load(other).value?.categories == ["b"])
    #expect(try await client.featureState.load(current).value?.categories == ["a"])
  }
}
