import Core
import Foundation
import Networking

extension Middleware where Action: Equatable {
  /// Carries out the loads the reducer decided for the ``ScreenLoad`` at `screen`: after each load action (the case
  /// of the feature's action that `action` builds — `state: \.load, action: Action.load`, the kits' one idiom), when
  /// the state says ``ScreenLoad/startsLoad``, runs `load` as effect `id`, replacing a load in flight
  /// (`cancelInFlight`), and sends `.load(.loaded(response, origin:))` or `.load(.failed(message))`. It judges nothing itself: an ignored `.appear` (while loading or
  /// loaded) leaves `startsLoad` false, and nothing starts. Cancellation is silent: a replaced or cancelled load
  /// sends nothing.
  ///
  /// The load runs inside a ``Networking/QueryTrace`` whose policy the state gave (``ScreenLoad/asksNetworkFirst``:
  /// network first, else cache first), so a query layer under the feature's client (`QueryCache`) answers from the
  /// cache and says where each answer came from. When it answered from stale entries it also refreshed them: the
  /// effect then waits for the refreshes and sends a second `loaded`, the fresh content read back from the cache,
  /// or — when a refresh failed — the same content marked ``Networking/DataOrigin/offline(fetchedAt:reason:)``.
  /// Without a query layer every answer is ``Networking/DataOrigin/network`` and there is one `loaded`.
  ///
  /// A screen that polls (``ScreenLoad/polling``): when the state says ``LoadPolling/startsTimer``, it starts the
  /// poll timer as effect `<id>.poll` (replacing a running one), which waits ``LoadPolling/interval`` on the
  /// store's clock and sends `.load(.poll)`. The timer is an observation (``Core/MiddlewareContext/observe(id:_:)``):
  /// `Store.idle()` does not wait for it.
  ///
  /// A re-read (``ScreenLoad/rereadsCache``, after ``LoadAction/changed``) runs as effect `<id>.reread` with
  /// ``Networking/ReadPolicy/cacheOnly`` — the query layer lays the optimistic changes of writes over what it reads —
  /// and sends one `loaded` with the origin the content had, so a stale screen's refresh in flight still lands.
  ///
  /// The feature's other actions pass through untouched (``ScreenLoad/startsLoad`` describes the last *load*
  /// action). It keeps no memory of its own, so a replay through the reducer sees everything it acted on.
  public static func screenLoad<Content: LoadableContent>(
    id: EffectID,
    state screen: any KeyPath<State, ScreenLoad<Content>> & Sendable,
    action embed: @escaping @Sendable (LoadAction<Content.Response>) -> Action,
    load: @escaping @Sendable () async throws -> Content.Response
  ) -> Middleware {
    carryingOut(id: id, state: screen, action: embed, afterEveryAction: false, load: { _ in try await load() })
  }

  /// ``screenLoad(id:state:action:load:)`` for a search: `load` reads the feature's state as the load starts (the
  /// conditions it searches, which ``LoadAction/reload`` says changed), and `more` loads the page after the content
  /// (``LoadAction/more``).
  ///
  /// A search's conditions change in the feature's own actions (a chip, a keystroke), whose reducer hands the load
  /// its decision there (`state.load.reduce(.reload, key: state.query)`), so this one carries out what the state
  /// says after *every* action of the feature; the reducer starts each action with ``ScreenLoad/settle()``, so
  /// what the state says is the last action's decision only.
  ///
  /// - An edit (``ScreenLoad/startsWait``, after ``LoadAction/edited``) cancels the load in flight and any next
  ///   page, and (re)starts the wait for typing to pause as effect `<id>.pause`, ``ScreenLoad/pause`` on the store's
  ///   clock (`run(id:debounce:)`), which sends `.load(.paused)`.
  /// - A load that starts cancels that wait and any next page (`<id>.more`): it replaces what they would show.
  /// - A next page (``ScreenLoad/startsMore``) runs `more` with the content on screen as effect `<id>.more`, outside
  ///   a ``Networking/QueryTrace`` (no note, no second answer), and sends `.load(.moreLoaded(page))` or
  ///   `.load(.moreFailed(message))`.
  public static func screenLoad<Content: LoadableContent>(
    id: EffectID,
    state screen: any KeyPath<State, ScreenLoad<Content>> & Sendable,
    action embed: @escaping @Sendable (LoadAction<Content.Response>) -> Action,
    load search: @escaping @Sendable (State) async throws -> Content.Response,
    more: (@Sendable (Content) async throws -> Content.Response)? = nil
  ) -> Middleware {
    carryingOut(id: id, state: screen, action: embed, afterEveryAction: true, load: search, more: more)
  }

  private static func carryingOut<Content: LoadableContent>(
    id: EffectID,
    state screen: any KeyPath<State, ScreenLoad<Content>> & Sendable,
    action embed: @escaping @Sendable (LoadAction<Content.Response>) -> Action,
    afterEveryAction: Bool,
    load search: @escaping @Sendable (State) async throws -> Content.Response,
    more: (@Sendable (Content) async throws -> Content.Response)? = nil
  ) -> Middleware {
    let pollID = EffectID("\(id.rawValue).poll")
    let pauseID = EffectID("\(id.rawValue).pause")
    let moreID = EffectID("\(id.rawValue).more")
    let loadCase = CaseEmbedding(embed, sample: .appear)
    return .after { context, action in
      guard afterEveryAction || loadCase.matches(action) else { return }
      let state = context.state[keyPath: screen]
      let conditions = context.state
      let load = { @Sendable in try await search(conditions) }
      if state.startsWait, let pause = state.pause {
        context.cancel(id: id)
        context.cancel(id: moreID)
        context.run(id: pauseID, debounce: pause) { send in send(embed(.paused)) }
      }
      if state.startsMore, let more, let content = state.content {
        context.run(id: moreID, cancelInFlight: true) { send in
          do {
            send(embed(.moreLoaded(try await more(content))))
          } catch is CancellationError {
            return
          } catch {
            guard !Task.isCancelled else { return }
            send(embed(.moreFailed(String(describing: error))))
          }
        }
      }
      if let polling = state.polling, polling.startsTimer {
        let clock = context.clock
        context.observe(id: pollID) { send in
          do { try await clock.sleep(for: polling.interval) } catch { return }
          guard !Task.isCancelled else { return }
          send(embed(.poll))
        }
      }
      guard state.startsLoad else { return }
      if state.rereadsCache {
        let origin = state.origin
        context.run(id: EffectID("\(id.rawValue).reread"), cancelInFlight: true) { send in
          do {
            let response = try await QueryTrace(policy: .cacheOnly).run { try await load() }
            send(embed(.loaded(response, origin: origin)))
          } catch {
            // A re-read that fails leaves the content on screen as it was: it was only a second look.
            return
          }
        }
        return
      }
      context.cancel(id: pauseID)
      context.cancel(id: moreID)
      let policy: ReadPolicy = state.asksNetworkFirst ? .networkFirst : .cacheFirst
      context.run(id: id, cancelInFlight: true) { send in
        do {
          let trace = QueryTrace(policy: policy)
          let response = try await trace.run { try await load() }
          send(embed(.loaded(response, origin: trace.origin)))
          switch await trace.refreshes() {
          case .none:
            return
          case .refreshed:
            try Task.checkCancellation()
            let fresh = try await QueryTrace(policy: .cacheOnly).run { try await load() }
            send(embed(.loaded(fresh, origin: .network)))
          case .failed(let reason):
            try Task.checkCancellation()
            let asOf = trace.origin.fetchedAt ?? .distantPast
            send(embed(.loaded(response, origin: .offline(fetchedAt: asOf, reason: reason))))
          }
        } catch is CancellationError {
          return
        } catch {
          guard !Task.isCancelled else { return }
          send(embed(.failed(String(describing: error))))
        }
      }
    }
  }
}
