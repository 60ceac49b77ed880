import Core
import FeatureKit
import Networking
import Presentation

extension FeatureModule {
  /// A tab whose screen loads its content (Home, Favorite, Profile): the feature gives where its ``ScreenLoad`` is
  /// in its state (`\.load`) and the case of its action that carries the load's actions (`Action.load`: the kits'
  /// one idiom, a key path and a case constructor), its reducer (which hands `.load` actions to
  /// ``ScreenLoad/reduce(_:key:)``), the load function of its client, its presentation and commands; this adds the rest.
  ///
  /// - The load middleware, ``Core/Middleware/screenLoad(id:state:action:load:)``, as effect `<key>.load`, before any
  ///   `middlewares` of the feature's own (Profile's save).
  /// - `receive`: the app's `.appear` becomes `.load(.appear)` (load when first shown), `.refreshAll`
  ///   `.load(.refresh)`, `.reconnected` `.load(.reconnected)` (refetch offline content once) and `.dataChanged`
  ///   `.load(.changed)` (read the loaded content again from the cache, which shows a write's optimistic change); a
  ///   screen that polls (its initial ``ScreenLoad/polling`` is set) gets `.load(.shown)` and `.load(.hidden)`
  ///   instead of `.appear`, from the app's `.appear` and `.disappear`; other events are ignored.
  /// - Where the content came from: content that is stale or offline (``ScreenLoad/origin``) gets a line above
  ///   it — `stale · 5 min old · refreshing…`, or `offline · as of 14:32` with a Retry (``DataOrigin/annotate(_:retry:)``).
  /// - Commands: each command's JSON object ends with where the data came from (``CommandOutput/adding(origin:)``:
  ///   `"origin"` and `"fetched_at"`, from ``ScreenLoad/origin``).
  /// - Placement: a tab; with no `present`, no screen (its commands are its interface) and no app event.
  ///
  /// ```swift
  /// public static func module(client: RecipesClient) -> FeatureModule<State, Action> {
  ///   .loadingScreen(\.load, action: Action.load, key: "recipes", title: "Recipes", initialState: State(),
  ///                  reducer: reducer, load: { try await client.recipes() }, present: present, commands: commands)
  /// }
  /// ```
  public static func loadingScreen<Content: LoadableContent>(
    _ screenLoad: any KeyPath<State, ScreenLoad<Content>> & Sendable,
    action embed: @escaping @Sendable (LoadAction<Content.Response>) -> Action,
    key: String,
    title: String,
    initialState: State,
    reducer: Reducer<State, Action>,
    load: @escaping @Sendable () async throws -> Content.Response,
    middlewares: [Middleware<State, Action>] = [],
    present: (@Sendable (State) -> ViewNode<Action>)? = nil,
    commands: [FeatureCommand<State, Action>] = []
  ) -> FeatureModule {
    let polls = initialState[keyPath: screenLoad].polling != nil
    var screen: (@Sendable (State) -> ViewNode<Action>)? = nil
    if let present {
      screen = { state in
        let view = present(state)
        let load = state[keyPath: screenLoad]
        guard case .loaded = load.phase else { return view }
        return load.origin.annotate(view, retry: embed(.retry))
      }
    }
    // With no screen, no app event: its commands are its interface.
    var receive: (@Sendable (AppEvent) -> Action?)? = nil
    if present != nil {
      receive = { event in
        switch event {
        // A screen that polls follows whether it is shown; one that does not is spared the extra actions.
        case .appear: polls ? embed(.shown) : embed(.appear)
        case .disappear: polls ? embed(.hidden) : nil
        case .refreshAll: embed(.refresh)
        case .reconnected: embed(.reconnected)
        case .dataChanged: embed(.changed)
        case .launch, .terminate: nil
        }
      }
    }
    return FeatureModule(
      key: key,
      title: title,
      initialState: initialState,
      reducer: reducer,
      middlewares: [.screenLoad(id: EffectID("\(key).load"), state: screenLoad, action: embed, load: load)]
        + middlewares,
      present: screen,
      placement: .tab,
      commands: commands.map { command in
        var command = command
        let output = command.output
        command.output = { state, input in output(state, input).adding(origin: state[keyPath: screenLoad].origin) }
        return command
      },
      receive: receive
    )
  }
}

extension FeatureModule {
  /// A loading screen whose state is its load alone and whose actions are its load's
  /// (`typealias State = ScreenLoad<Content>`, `typealias Action = LoadAction<Content.Response>`: what `make feature`
  /// writes): the reducer is ``ScreenLoad/reduce(_:key:)``; everything else is
  /// ``loadingScreen(_:action:key:title:initialState:reducer:load:middlewares:present:commands:)``'s. A screen that
  /// grows actions of its own gives its own `State` (with a `var load`) and `Action` (with a `case load`) and reducer,
  /// and names them to that one: `.loadingScreen(\.load, action: Action.load, …)`.
  public static func loadingScreen<Content>(
    key: String,
    title: String,
    initialState: ScreenLoad<Content> = ScreenLoad(),
    load: @escaping @Sendable () async throws -> Content.Response,
    present: (@Sendable (ScreenLoad<Content>) -> ViewNode<LoadAction<Content.Response>>)? = nil,
    commands: [FeatureCommand<State, Action>] = []
  ) -> FeatureModule where State == ScreenLoad<Content>, Action == LoadAction<Content.Response> {
    .loadingScreen(
      \.self, action: { $0 }, key: key, title: title, initialState: initialState,
      reducer: Reducer { state, action in state.reduce(action) },
      load: load, present: present, commands: commands)
  }
}
