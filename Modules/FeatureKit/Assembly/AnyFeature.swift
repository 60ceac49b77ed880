import Core
import Foundation
import Presentation

/// A ``FeatureModule`` with its types erased, ready to be mounted by a ``FeatureRegistry``.
public struct AnyFeature: Sendable {
  package let runtime: FeatureRuntime

  /// Erases a module.
  public init<State, Action>(_ module: FeatureModule<State, Action>) {
    runtime = TypedFeatureRuntime(module)
  }

  /// The key the feature is mounted under.
  public var key: String { runtime.key }
  /// The feature's title.
  public var title: String { runtime.title }
  /// The mount as help and completion show it (``FeatureModule/description``).
  public var description: FeatureDescription { runtime.description }
}

extension FeatureModule {
  /// This module, type-erased for the registry's list.
  public var erased: AnyFeature { AnyFeature(self) }
}

/// The operations the registry needs from a feature, as virtual calls on one object per feature (no existential
/// casts on the dispatch path but the payload's own).
package class FeatureRuntime: @unchecked Sendable {
  // @unchecked: immutable after init (subclasses hold only `let`s of Sendable values).
  package let key: String
  package let title: String
  /// The reduce step for an action addressed to this feature's slot. A stored closure rather than an override:
  /// made in the subclass's initialiser, it is specialised for the feature's types wherever the module is erased,
  /// while a generic class's overrides are compiled once for all type arguments (metadata lookups, value witnesses).
  package let reduceAction: @Sendable (_ state: inout AppState, _ slot: Int, _ action: any Equatable & Sendable) -> Void
  /// The feature's middlewares lifted to the app for a slot; made in the initialiser for the same reason.
  package let liftedMiddlewares: @Sendable (_ slot: Int) -> [Middleware<AppState, AppAction>]

  package init(
    key: String, title: String,
    reduceAction: @escaping @Sendable (inout AppState, Int, any Equatable & Sendable) -> Void,
    liftedMiddlewares: @escaping @Sendable (Int) -> [Middleware<AppState, AppAction>]
  ) {
    self.key = key
    self.title = title
    self.reduceAction = reduceAction
    self.liftedMiddlewares = liftedMiddlewares
  }

  /// Runs the feature's reducer on its slice; an action of another type addressed to this slot is ignored.
  @inline(__always)
  package final func reduce(_ state: inout AppState, slot: Int, action: any Equatable & Sendable) {
    reduceAction(&state, slot, action)
  }

  package func makeSlice() -> SliceBox { fatalError("abstract") }
  /// The feature's middlewares, lifted to the app's state and actions for `slot`.
  package final func middlewares(slot: Int) -> [Middleware<AppState, AppAction>] { liftedMiddlewares(slot) }
  package func receive(_ event: AppEvent) -> (any Equatable & Sendable)? { fatalError("abstract") }
  package var hasScreen: Bool { fatalError("abstract") }
  package var description: FeatureDescription { fatalError("abstract") }
  package var placement: FeaturePlacement { fatalError("abstract") }
  package var routing: FeatureRouting { fatalError("abstract") }
  package func present(_ state: AppState, slot: Int) -> ViewNode<AppAction>? { fatalError("abstract") }
  package func commands(slot: Int) -> [AppCommand] { fatalError("abstract") }
  package func persisted(_ state: AppState, slot: Int) -> (version: Int, data: Data)? { fatalError("abstract") }
  package func restore(_ state: inout AppState, slot: Int, data: Data, version: Int) { fatalError("abstract") }
  package func encode(_ action: any Equatable & Sendable) throws -> Data { fatalError("abstract") }
  package func decode(_ data: Data) throws -> any Equatable & Sendable { fatalError("abstract") }
  package func encodeState(_ state: AppState, slot: Int) throws -> Data { fatalError("abstract") }
  package func stateDecodes(_ data: Data, to state: AppState, slot: Int) throws -> Bool { fatalError("abstract") }
  package var stateType: Any.Type { fatalError("abstract") }
  package var actionType: Any.Type { fatalError("abstract") }
}

final class TypedFeatureRuntime<State, Action>: FeatureRuntime, @unchecked Sendable
where State: Sendable & Equatable & Codable, Action: Sendable & Equatable & Codable {
  // @unchecked: see FeatureRuntime.
  let module: FeatureModule<State, Action>

  init(_ module: FeatureModule<State, Action>) {
    self.module = module
    super.init(
      key: module.key, title: module.title, reduceAction: Self.reduceStep(module.reducer.reduce),
      liftedMiddlewares: Self.lifting(module.middlewares, namespace: module.key))
  }

  private static func reduceStep(
    _ reducer: @escaping @Sendable (inout State, Action) -> Void
  ) -> @Sendable (inout AppState, Int, any Equatable & Sendable) -> Void {
    { state, slot, payload in
      // An action of another type addressed to this slot is ignored, never a crash.
      guard let action = project(payload, as: Action.self) else { return }
      state.modify(slot, as: State.self) { reducer(&$0, action) }
    }
  }

  override func makeSlice() -> SliceBox { TypedSlice(module.initialState) }

  private static func lifting(
    _ middlewares: [Middleware<State, Action>], namespace: String
  ) -> @Sendable (Int) -> [Middleware<AppState, AppAction>] {
    { slot in
      middlewares.map { middleware in
        middleware.lift(
          state: { $0.slice(slot, as: State.self) },
          extract: { action in
            guard case .feature(let owner, let payload) = action, owner == slot else { return nil }
            return project(payload, as: Action.self)
          },
          embed: { .feature(slot: slot, action: $0) },
          namespace: namespace
        )
      }
    }
  }

  override func receive(_ event: AppEvent) -> (any Equatable & Sendable)? { module.receive?(event) }

  override var hasScreen: Bool { module.present != nil }

  override var description: FeatureDescription { module.description }

  override var placement: FeaturePlacement { module.placement }

  override var routing: FeatureRouting { FeatureRouting(module) }

  override func present(_ state: AppState, slot: Int) -> ViewNode<AppAction>? {
    guard let present = module.present else { return nil }
    return present(state.slice(slot, as: State.self)).map { .feature(slot: slot, action: $0) }
  }

  override func commands(slot: Int) -> [AppCommand] {
    module.commands.map { command in
      AppCommand(
        featureKey: module.key,
        description: command.description,
        actions: { input in try command.actions(input).map { .feature(slot: slot, action: $0) } },
        output: { state, input in command.output(state.slice(slot, as: State.self), input) }
      )
    }
  }

  override func persisted(_ state: AppState, slot: Int) -> (version: Int, data: Data)? {
    guard let persistence = module.persistence,
      let data = persistence.save(state.slice(slot, as: State.self))
    else { return nil }
    return (persistence.version, data)
  }

  override func restore(_ state: inout AppState, slot: Int, data: Data, version: Int) {
    guard let persistence = module.persistence else { return }
    state.modify(slot, as: State.self) { persistence.restore(&$0, data, version) }
  }

  override func encode(_ action: any Equatable & Sendable) throws -> Data {
    try JSONEncoder().encode(action as! Action)
  }

  override func decode(_ data: Data) throws -> any Equatable & Sendable {
    try JSONDecoder().decode(Action.self, from: data)
  }

  override func encodeState(_ state: AppState, slot: Int) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(state.slice(slot, as: State.self))
  }

  override func stateDecodes(_ data: Data, to state: AppState, slot: Int) throws -> Bool {
    try JSONDecoder().decode(State.self, from: data) == state.slice(slot, as: State.self)
  }

  override var stateType: Any.Type { State.self }
  override var actionType: Any.Type { Action.self }
}
