import Core
import Networking
import Presentation

extension FeatureModule
where State: ScreenLoadState, Action: ScreenLoadAction, Action.Response == State.Content.Response {
  /// A tab whose screen loads its content (Home, Favorite, Profile): the feature gives its reducer (which hands
  /// `.load` actions to ``ScreenLoad/reduce(_:)``), the load function of its client, its presentation and
  /// commands; this adds the rest.
  ///
  /// - The load middleware, ``Core/Middleware/screenLoad(id:load:)``, as effect `<key>.load`, before any
  ///   `middlewares` of the feature's own (Profile's save).
  /// - `receive`: the app's `.appear` becomes `.load(.appear)` (load when first shown) and `.refreshAll`
  ///   `.load(.refresh)` (``AppEvent/screenLoad(appear:refresh:)``); other events are ignored.
  /// - Where the content came from: content that is stale or offline (``ScreenLoad/origin``) gets a line above
  ///   it — `stale · 5 min old · refreshing…`, or `offline · as of 14:32` with a Retry (``DataOrigin/annotate(_:retry:)``).
  /// - Commands: each command's JSON object ends with where the data came from (``CommandOutput/adding(origin:)``:
  ///   `"origin"` and `"fetched_at"`, from ``ScreenLoad/origin``).
  /// - Placement: a tab.
  ///
  /// ```swift
  /// public static func module(client: RecipesClient) -> FeatureModule<State, Action> {
  ///   .loadingScreen(key: "recipes", title: "Recipes", initialState: State(), reducer: reducer,
  ///                  load: { try await client.recipes() }, present: present, commands: commands)
  /// }
  /// ```
  public static func loadingScreen(
    key: String,
    title: String,
    initialState: State,
    reducer: Reducer<State, Action>,
    load: @escaping @Sendable () async throws -> Action.Response,
    middlewares: [Middleware<State, Action>] = [],
    present: @escaping @Sendable (State) -> ViewNode<Action>,
    commands: [FeatureCommand<State, Action>] = []
  ) -> FeatureModule {
    FeatureModule(
      key: key,
      title: title,
      initialState: initialState,
      reducer: reducer,
      middlewares: [.screenLoad(id: EffectID("\(key).load"), load: load)] + middlewares,
      present: { state in
        let view = present(state)
        guard case .loaded = state.load.phase else { return view }
        return state.load.origin.annotate(view, retry: .load(.retry))
      },
      placement: .tab,
      commands: commands.map { command in
        var command = command
        let output = command.output
        command.output = { state, input in output(state, input).adding(origin: state.load.origin) }
        return command
      },
      receive: { $0.screenLoad(appear: .load(.appear), refresh: .load(.refresh)) }
    )
  }
}
