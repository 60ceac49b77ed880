import FeatureAssembly
import FeatureKit
import Foundation
import Networking
import Persistence

extension LiveApp {
  /// The selected standard features as help, `kumiki features` and shell completion show them: their static
  /// descriptions, with nothing built — no registry, no client, no store (`kumiki --help` starts as `--version`
  /// does).
  /// - Throws: ``LaunchError/features(_:)`` for a key that is not a feature's (a usage error).
  public static func describe(features: [String]) throws -> [FeatureDescription] {
    do {
      return try FeatureRegistry.selecting(features, from: StandardFeatures.descriptions)
    } catch {
      throw LaunchError.features(String(describing: error))
    }
  }

  /// The standard features assembled over inert clients, for reading what they offer — command lists for help and
  /// shell completion — without side effects: no server, no database file (not even an in-memory one: opening and
  /// migrating it was 4% of `kumiki --help`), no network. Nothing is started; there is nothing to shut down.
  public static func introspection(features: [String]) throws -> AppRuntime {
    try inert(features: features, reason: "introspection only", mode: .live)
  }

  /// The standard features assembled for replaying a recorded session (`kumiki replay`): `mode: .replay` (reducers
  /// only), no persisted-state storage, and inert clients — HTTP fails with "replay: no network" and every
  /// database operation with "replay: no database" — so a replay can neither send a request nor write a file even
  /// if something tried. Nothing is started; there is nothing to shut down.
  public static func replay(features: [String]) throws -> AppRuntime {
    try inert(features: features, reason: "replay", mode: .replay)
  }

  /// The keys the feature module `module` (`ArchiveFeature`) is mounted under in this build (`archive`, `curry`),
  /// in tab order; empty when the build has no such feature. Nothing is started.
  public static func keys(ofModule module: String) -> [String] {
    StandardFeatures.mounts(inertDependencies("listing mounts")).filter { $0.module == module }.map(\.feature.key)
  }

  /// The selected standard features over clients that refuse every request and every database operation, naming
  /// `reason` in their errors.
  private static func inert(features: [String], reason: String, mode: AssemblyMode) throws -> AppRuntime {
    do {
      return try StandardFeatures.registry(inertDependencies(reason)).selecting(features).assemble(mode: mode)
    } catch {
      throw LaunchError.features(String(describing: error))
    }
  }

  /// Clients that refuse every request and every database operation, naming `reason` in their errors.
  private static func inertDependencies(_ reason: String) -> FeatureDependencies {
    let offline = HTTPClient { request in
      throw HTTPError.cannotConnect(request.url, reason: "\(reason): no network")
    }
    return FeatureDependencies(
      http: offline, apiURL: URL(string: "http://127.0.0.1:9")!, persistence: .refusing(reason))
  }
}

extension PersistenceClient {
  /// Storage that refuses everything, naming `reason`: what replayed and introspected features are built with.
  public static func refusing(_ reason: String) -> PersistenceClient {
    let refuse: @Sendable (String) -> PersistenceError = {
      .database(path: reason, operation: $0, message: "\(reason): no database")
    }
    return PersistenceClient(
      savedItems: SavedItemsClient(
        save: { _ throws(PersistenceError) in throw refuse("save an item") },
        unsave: { _ throws(PersistenceError) in throw refuse("unsave an item") },
        list: { () throws(PersistenceError) in throw refuse("list saved items") },
        contains: { _ throws(PersistenceError) in throw refuse("read saved items") },
        allIDs: { () throws(PersistenceError) in throw refuse("read saved items") },
        observe: { AsyncThrowingStream { $0.finish(throwing: refuse("observe saved items")) } }
      ),
      settings: SettingsClient(
        load: { _ throws(PersistenceError) in throw refuse("read a setting") },
        store: { _, _ throws(PersistenceError) in throw refuse("write a setting") },
        delete: { _ throws(PersistenceError) in throw refuse("delete a setting") }
      ),
      featureState: FeatureStateStore(
        load: { _ throws(PersistenceError) in throw refuse("read feature state") },
        save: { _, _, _ throws(PersistenceError) in throw refuse("write feature state") },
        setAside: { _, _ throws(PersistenceError) in throw refuse("set feature state aside") },
        archived: { _ throws(PersistenceError) in throw refuse("read archived feature state") }
      )
    )
  }
}
