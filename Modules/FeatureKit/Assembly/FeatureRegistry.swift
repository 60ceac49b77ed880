import Core
import FeatureKit

/// Assembles a chosen list of features into one app: one state with a slice per feature, one store, actions
/// routed to their owner by slot.
///
/// ```swift
/// let registry = try FeatureRegistry([CounterFeature.module().erased, ArchiveFeature.module(...).erased])
/// let app = try registry.selecting(["archive"]).assemble()
/// await app.launch()
/// ```
public struct FeatureRegistry: Sendable {
  /// The features, in mount order.
  public let features: [AnyFeature]

  /// A registry of `features`. Keys must be unique.
  public init(_ features: [AnyFeature]) throws {
    var seen = Set<String>()
    for feature in features where !seen.insert(feature.key).inserted {
      throw RegistryError.duplicateKey(feature.key)
    }
    self.features = features
  }

  /// The feature keys, in mount order.
  public var keys: [String] { features.map(\.key) }

  /// Only the features named in `keys`, kept in registry order (`--features home,archive`). An empty list keeps
  /// every feature.
  public func selecting(_ keys: [String]) throws -> FeatureRegistry {
    guard !keys.isEmpty else { return self }
    for key in keys where !self.keys.contains(key) {
      throw RegistryError.unknownFeature(key, available: self.keys)
    }
    return try FeatureRegistry(features.filter { keys.contains($0.key) })
  }

  /// The described mounts named in `keys`, kept in order, as ``selecting(_:)`` keeps features: what `kumiki --help
  /// --features home` lists without building a registry. An empty list keeps every mount.
  /// - Throws: ``RegistryError/duplicateKey(_:)`` when two mounts share a key, ``RegistryError/unknownFeature(_:available:)``
  ///   for a key no mount has.
  public static func selecting(
    _ keys: [String], from descriptions: [FeatureDescription]
  ) throws(RegistryError)
    -> [FeatureDescription]
  {
    var seen = Set<String>()
    for description in descriptions where !seen.insert(description.key).inserted {
      throw RegistryError.duplicateKey(description.key)
    }
    guard !keys.isEmpty else { return descriptions }
    for key in keys where !seen.contains(key) {
      throw RegistryError.unknownFeature(key, available: descriptions.map(\.key))
    }
    return descriptions.filter { keys.contains($0.key) }
  }

  /// Builds the app.
  /// - Parameters:
  ///   - storage: where persisted feature state lives; `nil` keeps nothing across runs.
  ///   - middlewares: app-wide middlewares placed after the router, i.e. closest to the reducer (an
  ///     session recorder, DevTools).
  ///   - mode: `.live` runs feature middlewares and routes events; `.replay` runs reducers only, for replaying a
  ///     log of what reached the reducer (which already contains every derived action).
  ///   - clock: what feature effects wait on (debounce, timeouts): the wall clock, or a `TestClock` in tests.
  public func assemble(
    storage: FeatureStateStorage? = nil,
    middlewares: [Middleware<AppState, AppAction>] = [],
    mode: AssemblyMode = .live,
    clock: any Clock<Duration> = ContinuousClock()
  ) -> AppRuntime {
    AppRuntime(
      runtimes: features.map(\.runtime), storage: storage, middlewares: middlewares, mode: mode, clock: clock)
  }
}

/// Whether an assembled app runs side effects.
public enum AssemblyMode: Sendable, Equatable {
  /// Feature middlewares run and app events are broadcast to the features that accept them.
  case live
  /// Reducers only: replaying a recorded log, or DevTools time travel.
  case replay
}
