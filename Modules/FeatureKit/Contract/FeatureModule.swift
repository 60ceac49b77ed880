import Core
import Presentation

/// Everything a feature contributes to an app, as one value: the plug of Kumiki's joinery.
///
/// A feature target exposes a function that builds its module from injected dependencies (clients for network
/// and storage, as interfaces), e.g. `ArchiveFeature.module(client:saved:)`. The registry mounts modules under
/// keys, routes actions to them, and hands their presentation and commands to the front ends.
public struct FeatureModule<State, Action>: Sendable
where State: Sendable & Equatable & Codable, Action: Sendable & Equatable & Codable {
  /// The key the feature is mounted under unless the registry says otherwise (`home`, `archive`). Also the
  /// CLI command group and the persistence key.
  public var key: String
  /// Human title (tab label).
  public var title: String
  /// The state slice before any action.
  public var initialState: State
  /// The slice's reducer.
  public var reducer: Reducer<State, Action>
  /// Side effects, built from the dependencies the module was created with.
  public var middlewares: [Middleware<State, Action>]
  /// The screen for a state, if the feature has one.
  public var present: (@Sendable (State) -> ViewNode<Action>)?
  /// Where front ends put the screen: a tab of its own, or an overlay above the active tab (onboarding). An
  /// overlay's presentation is an empty `.stack([])` while there is nothing to show.
  public var placement: FeaturePlacement
  /// Builds the feature's command-line commands (relative to its key) for a mount from the mount's initial state,
  /// so a mount configured by ``mounted(as:title:configure:)`` offers its own arguments and examples (the `curry`
  /// mount of Archive, fixed to カレー, has no `--category`).
  public var makeCommands: @Sendable (State) -> [FeatureCommand<State, Action>]
  /// The part of the state kept across runs, if any.
  public var persistence: StatePersistence<State>?
  /// Which app-wide events the feature accepts, as its own action (returning `nil`: ignored).
  public var receive: (@Sendable (AppEvent) -> Action?)?
  /// The routes this module can open, declared for other features to ask for (``declaring(routes:)``).
  public var routes: [FeatureRoute<Action>] = []
  /// Which of its actions ask for another feature's route (``requesting(routes:)``); `nil`: none.
  public var routeRequest: (@Sendable (Action) -> Route?)? = nil

  /// Creates a module whose commands are the same for every mount. Only `key`, `title`, `initialState` and
  /// `reducer` are required.
  public init(
    key: String,
    title: String,
    initialState: State,
    reducer: Reducer<State, Action>,
    middlewares: [Middleware<State, Action>] = [],
    present: (@Sendable (State) -> ViewNode<Action>)? = nil,
    placement: FeaturePlacement = .tab,
    commands: [FeatureCommand<State, Action>] = [],
    persistence: StatePersistence<State>? = nil,
    receive: (@Sendable (AppEvent) -> Action?)? = nil
  ) {
    self.init(
      key: key, title: title, initialState: initialState, reducer: reducer, middlewares: middlewares,
      present: present, placement: placement, makeCommands: { _ in commands }, persistence: persistence,
      receive: receive)
  }

  /// Creates a module whose commands depend on the mount's initial state (see ``makeCommands``).
  public init(
    key: String,
    title: String,
    initialState: State,
    reducer: Reducer<State, Action>,
    middlewares: [Middleware<State, Action>] = [],
    present: (@Sendable (State) -> ViewNode<Action>)? = nil,
    placement: FeaturePlacement = .tab,
    makeCommands: @escaping @Sendable (State) -> [FeatureCommand<State, Action>],
    persistence: StatePersistence<State>? = nil,
    receive: (@Sendable (AppEvent) -> Action?)? = nil
  ) {
    self.key = key
    self.title = title
    self.initialState = initialState
    self.reducer = reducer
    self.middlewares = middlewares
    self.present = present
    self.placement = placement
    self.makeCommands = makeCommands
    self.persistence = persistence
    self.receive = receive
  }

  /// The commands of this mount: ``makeCommands`` for its initial state.
  public var commands: [FeatureCommand<State, Action>] { makeCommands(initialState) }

  /// This mount as help, `kumiki features` and completion show it: what its entry's
  /// ``FeatureEntry/descriptions`` must say without building it.
  public var description: FeatureDescription {
    FeatureDescription(key: key, title: title, screen: present == nil ? nil : placement, commands: commands)
  }

  /// The same module mounted under another key, with its initial state adjusted — e.g. a second Archive fixed
  /// to one category. Each mount has independent state, actions and effects, and its own commands (built from the
  /// adjusted state by ``makeCommands``; their examples are relative to the key, so they name this mount).
  public func mounted(as key: String, title: String? = nil, configure: (inout State) -> Void = { _ in }) -> Self {
    var copy = self
    copy.key = key
    copy.title = title ?? self.title
    configure(&copy.initialState)
    return copy
  }
}

/// Where a feature's screen goes.
public enum FeaturePlacement: Sendable, Equatable {
  /// A tab (TUI) of its own.
  case tab
  /// Drawn above whichever tab is active, when not empty.
  case overlay
}
