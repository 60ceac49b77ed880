import Core
import Networking
import Synchronization

extension Middleware {
  /// Carries out the writes the reducer decided for the ``Mutation`` at `state`: after each mutation action of this
  /// write (the case of the feature's action that `action` builds — `state: \.save, action: Action.save`, the kits'
  /// one idiom),
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
  /// A write the server refuses with `412 Precondition Failed` (the query layer sent it with `If-Match`, the version
  /// the screen showed, and someone changed the item since) answers `.conflict(message)`, not `.failed`: the phase
  /// becomes ``MutationPhase/conflict(_:message:)`` and the feature offers Keep mine, Take theirs and Edit again. When
  /// the reducer started the write with ``Mutation/overrides`` (Keep mine), it is sent with
  /// ``Networking/WriteIntent/overrides``: without the condition, and with a new key.
  ///
  /// ```swift
  /// .mutation(id: "profile.save", state: \.save, action: Action.save,
  ///           intent: { patch in WriteIntent(optimistic: [try .merge(patch, into: "profile_personal")]) },
  ///           write: { patch in try await client.updatePersonal(patch) })
  /// ```
  public static func mutation<Input, Output>(
    id: EffectID,
    state mutation: any KeyPath<State, Mutation<Input, Output>> & Sendable,
    action embed: @escaping @Sendable (Mutation<Input, Output>.Action) -> Action,
    intent: @escaping @Sendable (Input) throws -> WriteIntent = { _ in WriteIntent() },
    write: @escaping @Sendable (Input) async throws -> Output
  ) -> Middleware where Action: Equatable {
    // The key of the last attempt, for a retry of it.
    let lastKey = LastKey()
    let mutationCase = CaseEmbedding(embed)
    return .after { context, sent in
      guard let mutationAction = mutationCase.extract(from: sent) else { return }
      run(
        mutationAction, context.state[keyPath: mutation], id: id, context: context, lastKey: lastKey, embed: embed,
        intent: intent, write: write)
    }
  }

  /// Runs the write `state` decided after `mutationAction` (see ``mutation(id:state:action:intent:write:)``).
  private static func run<Input, Output>(
    _ mutationAction: Mutation<Input, Output>.Action, _ state: Mutation<Input, Output>, id: EffectID,
    context: MiddlewareContext<State, Action>, lastKey: LastKey,
    embed: @escaping @Sendable (Mutation<Input, Output>.Action) -> Action,
    intent: @escaping @Sendable (Input) throws -> WriteIntent,
    write: @escaping @Sendable (Input) async throws -> Output
  ) {
    guard state.startsWrite, case .sending(let input) = state.phase else { return }
    let request = state.request
    let overrides = state.overrides
    // Keep mine is a new request (another condition, another body on the server): a new key.
    let retried = mutationAction == .retry && !overrides ? lastKey.value.withLock { $0 } : nil
    context.run(id: id, cancelInFlight: true) { send in
      var declared: WriteIntent?
      defer { lastKey.value.withLock { $0 = declared?.idempotencyKey } }
      do {
        var intent = try intent(input)
        intent.overrides = intent.overrides || overrides
        intent.idempotencyKey = retried
        declared = intent
        let running = intent
        let output = try await running.run { try await write(input) }
        send(embed(.succeeded(output, request: request)))
      } catch let queued as WriteQueued {
        send(embed(.queued(pending: queued.pending, request: request)))
      } catch is CancellationError {
        return
      } catch let error as HTTPError where error.status == Self.preconditionFailed {
        guard !Task.isCancelled else { return }
        send(embed(.conflict(Self.conflictMessage, request: request)))
      } catch {
        guard !Task.isCancelled else { return }
        let message = String(describing: error)
        let undone = declared?.rolledBack == true
        send(embed(.failed(undone ? "\(message) - your change was undone" : message, request: request)))
      }
    }
  }
}

extension Middleware {
  /// `412 Precondition Failed`: the item changed on the server since the screen showed it.
  static var preconditionFailed: Int { 412 }

  /// What a conflict says (``MutationPhase/conflict(_:message:)``).
  static var conflictMessage: String {
    "Someone else changed this since you opened it; nothing was saved (412)."
  }
}

/// The `Idempotency-Key` of a mutation's last attempt (``Core/Middleware/mutation(id:state:action:intent:write:)``).
private final class LastKey: Sendable {
  let value = Mutex<String?>(nil)
}
