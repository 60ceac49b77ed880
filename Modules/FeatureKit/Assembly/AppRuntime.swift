import Core
import FeatureKit
import Foundation
import Presentation
import Synchronization

/// An assembled app: the store over ``AppState``, and what front ends need to drive any feature without
/// knowing it — screens, commands, action encoding for logs.
///
/// The store's partitions are the slots: an action addressed to a feature (``AppAction/slot``) evaluates only the
/// subscribers of that slot, so a front end that subscribes to the features it shows is not woken by the others —
/// `store.subscribe(partition: slot, select: { $0.slice(at: slot) }) { … }`, as the TUI does. App-wide events
/// (no slot) evaluate every subscriber.
public final class AppRuntime: Sendable {
  /// The app's single store.
  public let store: Store<AppState, AppAction>
  /// The mounted features, by slot.
  public let features: [MountedFeature]
  let runtimes: [FeatureRuntime]
  let storage: FeatureStateStorage?
  /// The routes features asked for, waiting for the front end to open them (``RouteRequests``).
  public let routeRequests: RouteRequests

  init(
    runtimes: [FeatureRuntime],
    storage: FeatureStateStorage?,
    middlewares: [Middleware<AppState, AppAction>],
    mode: AssemblyMode,
    clock: any Clock<Duration>
  ) {
    self.runtimes = runtimes
    self.storage = storage
    let routeRequests = RouteRequests()
    self.routeRequests = routeRequests
    self.features = runtimes.enumerated().map {
      MountedFeature(
        slot: $0.offset, key: $0.element.key, title: $0.element.title, hasScreen: $0.element.hasScreen,
        placement: $0.element.placement)
    }
    let initial = AppState(slices: ContiguousArray(runtimes.map { $0.makeSlice() }), keys: runtimes.map(\.key))
    let reducer = Reducer<AppState, AppAction> { state, action in
      switch action {
      case .feature(let slot, let payload): runtimes[slot].reduce(&state, slot: slot, action: payload)
      case .restore(let slot, let version, let data):
        runtimes[slot].restore(&state, slot: slot, data: data, version: version)
      case .app: break
      }
    }
    self.store = Store(
      initialState: initial,
      reducer: reducer,
      middlewares: (mode == .live ? [Self.router(runtimes, requests: routeRequests)] : []) + middlewares,
      partition: { $0.slot },
      clock: clock
    )
  }

  /// Routes each action to the middlewares of the feature that owns it (O(1), whatever the number of features)
  /// and broadcasts app events as the features' own actions.
  static func router(_ runtimes: [FeatureRuntime], requests: RouteRequests) -> Middleware<AppState, AppAction> {
    let chains = runtimes.enumerated().map { $0.element.middlewares(slot: $0.offset) }
    let routeRequests = runtimes.map { $0.routing.request }  // an action asking for a route: RouteRequests
    return Middleware { context, action, next in
      switch action {
      case .feature(let slot, let payload):
        let chain = chains[slot]
        if chain.isEmpty {
          next(action)
        } else {
          Middleware.run(chain, context: context, action: action, next: next)
        }
        if let request = routeRequests[slot], let route = request(payload) { requests.append(route) }
      case .app(let event):
        next(action)
        for (slot, runtime) in runtimes.enumerated() {
          if let mapped = runtime.receive(event) { context.dispatch(.feature(slot: slot, action: mapped)) }
        }
      case .restore:
        next(action)
      }
    }
  }

  // MARK: Lifecycle

  /// Restores persisted feature state, starts saving it on change, and broadcasts ``FeatureKit/AppEvent/launch``.
  /// Storage errors are returned, not thrown: the app still launches, with fresh state for those features.
  @discardableResult
  public func launch() async -> [any Error] {
    let errors = Mutex<[any Error]>([])
    if let storage {
      for (slot, runtime) in runtimes.enumerated() where runtime.persisted(store.state, slot: slot) != nil {
        do {
          if let (version, data) = try await storage.load(runtime.key) {
            store.dispatch(.restore(slot: slot, version: version, data: data))
          }
        } catch {
          errors.withLock { $0.append(error) }
        }
        // What the state holds now, restored or not, is what the next run would restore too: only a change is written.
        let stored = runtime.persisted(store.state, slot: slot)
        let writer = PersistenceWriter(key: runtime.key, storage: storage, stored: stored) { error in
          errors.withLock { $0.append(error) }
        }
        // Watches the slice's change token, not the encoded value: an action that leaves the slice alone costs no
        // encoding, and nothing here holds the slice (which would make the reducer copy it before each change).
        // The writer drops a value equal to the last one it was given.
        let store = self.store
        store.subscribe(partition: slot, select: { $0.slice(at: slot) }) { _ in
          guard let (version, data) = runtime.persisted(store.state, slot: slot) else { return }
          writer.enqueue(version: version, data: data, on: store)
        }
      }
    }
    store.dispatch(.app(.launch))
    return errors.withLock { $0 }
  }

  /// Broadcasts an app-wide event.
  public func send(_ event: AppEvent) { store.dispatch(.app(event)) }

  /// Tells the feature in `slot` (only) that its screen is visible: it receives ``FeatureKit/AppEvent/appear``.
  public func appear(slot: Int) { deliver(.appear, slot: slot) }

  /// Tells the feature in `slot` (only) that its screen was hidden: it receives ``FeatureKit/AppEvent/disappear``.
  public func disappear(slot: Int) { deliver(.disappear, slot: slot) }

  /// Sends `event` to the feature in `slot` alone, as the action its `receive` maps it to (if any).
  private func deliver(_ event: AppEvent, slot: Int) {
    guard runtimes.indices.contains(slot), let action = runtimes[slot].receive(event) else { return }
    store.dispatch(.feature(slot: slot, action: action))
  }

  // MARK: Front-end support

  /// The screen of the feature in `slot` for the current state, with actions addressed to it.
  public func view(slot: Int) -> ViewNode<AppAction>? {
    runtimes[slot].present(store.state, slot: slot)
  }

  /// The screen of the feature in `slot` for a given state (pure; for rendering history or tests).
  public func view(slot: Int, in state: AppState) -> ViewNode<AppAction>? {
    runtimes[slot].present(state, slot: slot)
  }

  /// Every feature's commands, in mount order.
  public var commands: [AppCommand] {
    runtimes.enumerated().flatMap { $0.element.commands(slot: $0.offset) }
  }

  // MARK: Encoding (action logs, DevTools)

  /// JSON for an action: `{"feature":"archive","action":…}`, `{"app":…}` or
  /// `{"restore":"key","version":1,"data":"<base64>"}`.
  public func encode(_ action: AppAction) throws -> Data {
    var object: [String: Any] = [:]
    switch action {
    case .feature(let slot, let payload):
      object["feature"] = runtimes[slot].key
      object["action"] = try JSONSerialization.jsonObject(
        with: runtimes[slot].encode(payload), options: [.fragmentsAllowed])
    case .app(let event):
      object["app"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(event), options: [.fragmentsAllowed])
    case .restore(let slot, let version, let data):
      object["restore"] = runtimes[slot].key
      object["version"] = version
      object["data"] = data.base64EncodedString()
    }
    return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  }

  /// The inverse of ``encode(_:)`` for this app's features.
  public func decode(_ data: Data) throws -> AppAction {
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw AppActionDecodingError("expected a JSON object")
    }
    if let key = object["feature"] as? String, let action = object["action"] {
      guard let slot = slot(of: key) else { throw AppActionDecodingError("no feature '\(key)' in this app") }
      let payload = try JSONSerialization.data(withJSONObject: action, options: [.fragmentsAllowed])
      return .feature(slot: slot, action: try runtimes[slot].decode(payload))
    }
    if let event = object["app"] {
      let payload = try JSONSerialization.data(withJSONObject: event, options: [.fragmentsAllowed])
      return .app(try JSONDecoder().decode(AppEvent.self, from: payload))
    }
    if let key = object["restore"] as? String, let version = object["version"] as? Int,
      let text = object["data"] as? String, let data = Data(base64Encoded: text)
    {
      guard let slot = slot(of: key) else { throw AppActionDecodingError("no feature '\(key)' in this app") }
      return .restore(slot: slot, version: version, data: data)
    }
    throw AppActionDecodingError("expected \"feature\", \"app\" or \"restore\"")
  }

  /// A one-line description: `archive: search("カレー")`.
  public func describe(_ action: AppAction) -> String {
    switch action {
    case .feature(let slot, let payload): "\(runtimes[slot].key): \(payload)"
    case .app(let event): "app: \(event)"
    case .restore(let slot, let version, let data): "\(runtimes[slot].key): restore v\(version) (\(data.count) bytes)"
    }
  }

  func slot(of key: String) -> Int? { features.first { $0.key == key }?.slot }

  // MARK: Sessions (the Sessions module's replay and test writer)

  /// The JSON of the state of the feature in `slot` (its `Codable` encoding, keys sorted).
  package func stateJSON(slot: Int, in state: AppState) throws -> Data {
    try runtimes[slot].encodeState(state, slot: slot)
  }

  /// Whether `json` decodes (as the state type of the feature in `slot`) to that feature's state in `state`.
  /// - Throws: the decoding error.
  package func stateJSON(_ json: Data, decodesTo state: AppState, slot: Int) throws -> Bool {
    try runtimes[slot].stateDecodes(json, to: state, slot: slot)
  }

  /// Whether the feature in `slot` has equal states in `a` and `b`.
  package func sliceEqual(slot: Int, _ a: AppState, _ b: AppState) -> Bool {
    a.slices[slot] === b.slices[slot] || a.slices[slot].isEqual(to: b.slices[slot])
  }

  /// The Swift types of the feature in `slot`: its state and action, for code that names them.
  package func types(slot: Int) -> (state: Any.Type, action: Any.Type) {
    (runtimes[slot].stateType, runtimes[slot].actionType)
  }

  /// The action the feature in `slot` makes of an app event (its `receive`), or `nil` if it ignores it.
  package func received(_ event: AppEvent, slot: Int) -> AppAction? {
    runtimes[slot].receive(event).map { .feature(slot: slot, action: $0) }
  }
}

/// A feature as mounted in an app.
public struct MountedFeature: Sendable, Equatable {
  /// Its position in the app's partitioned state, in registry order.
  public let slot: Int
  /// The feature's key (`archive`), used for slot routing, persistence and `--features`.
  public let key: String
  /// The feature's human title (tab label, `kumiki features`).
  public let title: String
  /// Whether it contributes a screen.
  public let hasScreen: Bool
  /// Where its screen goes: a tab, or an overlay above the active tab.
  public let placement: FeaturePlacement

  /// The feature described by `description`, at `slot`, as if mounted: what help and completion read when no app
  /// is built.
  public init(slot: Int, description: FeatureDescription) {
    self.init(
      slot: slot, key: description.key, title: description.title, hasScreen: description.hasScreen,
      placement: description.screen ?? .tab)
  }

  init(slot: Int, key: String, title: String, hasScreen: Bool, placement: FeaturePlacement) {
    self.slot = slot
    self.key = key
    self.title = title
    self.hasScreen = hasScreen
    self.placement = placement
  }

  /// The described features as mounted, in order (slots 0, 1, …).
  public static func described(_ features: [FeatureDescription]) -> [MountedFeature] {
    features.enumerated().map { MountedFeature(slot: $0.offset, description: $0.element) }
  }
}

/// Why an encoded action could not be read back.
public struct AppActionDecodingError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
