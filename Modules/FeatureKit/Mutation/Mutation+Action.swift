extension Mutation {
  /// What can happen to a write: the user's submit, Retry and dismissal, and the three answers of the write effect.
  ///
  /// A feature carries these in one case of its own action per write, e.g. `case save(Mutation<Patch, Profile>.Action)`
  /// (named to the write middleware by its constructor, `action: Action.save`), and its reducer hands them to
  /// ``Mutation/reduce(_:)`` (after checking its own rules on a `submit`). The answers carry the request token of the
  /// submit they answer, so an answer to an older request changes nothing. Nested in ``Mutation``: the write kit is
  /// its value and the middleware that carries it out, two names.
  public enum Action: Equatable, Codable, Sendable {
    /// Send this input (a form's Save, a CLI command); ignored while a write is in flight.
    case submit(Input)
    /// Send the failed input again (the error's Retry); ignored unless the last write failed or met a conflict. After
    /// a conflict it is Keep mine: the input is sent without its condition, over the other change.
    case retry
    /// Forget the last outcome (the form reopened, a field edited after a failure; after a conflict, Take theirs or
    /// Edit again); ignored while sending.
    case reset
    /// The server accepted request `request` and answered `output` (sent by the write effect).
    case succeeded(Output, request: Int)
    /// Request `request` could not reach the API and waits in the outbox with `pending` writes in all (sent by the
    /// write effect on ``Networking/WriteQueued``).
    case queued(pending: Int, request: Int)
    /// Request `request` failed or was refused, with the message to show (sent by the write effect).
    case failed(String, request: Int)
    /// Request `request` was refused because the item changed since the screen showed it (`412` to its `If-Match`),
    /// with the message to show (sent by the write effect): the phase becomes ``MutationPhase/conflict(_:message:)``.
    case conflict(String, request: Int)
  }
}

extension Mutation.Action: CustomDebugStringConvertible {
  /// `submit(…)`, `retry`, `reset`, `succeeded(…)`, `queued(…)`, `failed("…")` or `conflict("…")`: how the action
  /// reads inside its feature's action in DevTools' history, rather than with its full generic type name.
  public var debugDescription: String {
    switch self {
    case .submit(let input): "submit(\(String(reflecting: input)))"
    case .retry: "retry"
    case .reset: "reset"
    case .succeeded(let output, let request): "succeeded(\(String(reflecting: output)), request: \(request))"
    case .queued(let pending, let request): "queued(pending: \(pending), request: \(request))"
    case .failed(let message, let request): "failed(\(String(reflecting: message)), request: \(request))"
    case .conflict(let message, let request): "conflict(\(String(reflecting: message)), request: \(request))"
    }
  }
}
