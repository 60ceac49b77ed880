import Core
import Networking
import Synchronization

extension Middleware {
  /// Carries out the writes the reducer decided: after each mutation action of this write (`action` gives it),
  /// when the state says ``Mutation/startsWrite``, runs `write` with the input being sent as effect `id` and sends
  /// `.succeeded(output)`, `.queued(pending:)` (the query layer kept the write in its outbox: ``Networking/WriteQueued``)
  /// or `.failed(message)`, each with the request's token. It judges nothing itself: an ignored submit (one in flight,
  /// a rule broken) leaves `startsWrite` false and nothing is sent. Cancellation is silent.
  ///
  /// The write runs inside the ``Networking/WriteIntent`` that `intent` gives for the input: the query layer under the
  /// feature's client invalidates its tags on success, and shows its optimistic changes on every screen reading that
  /// data at once, rolling them back if the write is refused or fails — the failure message then says the change was
  /// undone. Without a query layer (a feature suite's fake client) the intent changes nothing.
  ///
  /// A submit is a new user action: its write gets a new `Idempotency-Key` (the query layer makes it). A `.retry`
  /// sends the failed input again with the key of the attempt it retries (``Networking/WriteIntent/idempotencyKey``),
  /// so a write whose answer was lost is done once by the server however often the user retries it.
  ///
  /// ```swift
  /// .mutation(id: "profile.save", state: { $0.save }, action: { $0.save }, embed: Action.save,
  ///           intent: { patch in WriteIntent(optimistic: [try .merge(patch, into: "profile_personal")]) },
  ///           write: { patch in try await client.updatePersonal(patch) })
  /// ```
  public static func mutation<Input, Output>(
    id: EffectID,
    state mutation: @escaping @Sendable (State) -> Mutation<Input, Output>,
    action: @escaping @Sendable (Action) -> MutationAction<Input, Output>?,
    embed: @escaping @Sendable (MutationAction<Input, Output>) -> Action,
    intent: @escaping @Sendable (Input) throws -> WriteIntent = { _ in WriteIntent() },
    write: @escaping @Sendable (Input) async throws -> Output
  ) -> Middleware {
    // The key of the last attempt, for a retry of it.
    let lastKey = LastKey()
    return .after { context, sent in
      guard let mutationAction = action(sent) else { return }
      let state = mutation(context.state)
      guard state.startsWrite, case .sending(let input) = state.phase else { return }
      let request = state.request
      let retried = mutationAction == .retry ? lastKey.value.withLock { $0 } : nil
      context.run(id: id, cancelInFlight: true) { send in
        var declared: WriteIntent?
        defer { lastKey.value.withLock { $0 = declared?.idempotencyKey } }
        do {
          let intent = try intent(input)
          intent.idempotencyKey = retried
          declared = intent
          let output = try await intent.run { try await write(input) }
          send(embed(.succeeded(output, request: request)))
        } catch let queued as WriteQueued {
          send(embed(.queued(pending: queued.pending, request: request)))
        } catch is CancellationError {
          return
        } catch {
          guard !Task.isCancelled else { return }
          let message = String(describing: error)
          let undone = declared?.rolledBack == true
          send(embed(.failed(undone ? "\(message) - your change was undone" : message, request: request)))
        }
      }
    }
  }
}

/// The `Idempotency-Key` of a mutation's last attempt (``Core/Middleware/mutation(id:state:action:embed:intent:write:)``).
private final class LastKey: Sendable {
  let value = Mutex<String?>(nil)
}
