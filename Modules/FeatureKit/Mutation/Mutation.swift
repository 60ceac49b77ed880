/// The state of one write a feature makes (a form's Save, a CLI command): where it stands (``phase``), the token of
/// the latest request (``request``) and whether the last mutation action started a write (``startsWrite``). A feature
/// keeps one per write in its state, `var save = Mutation<ProfilePersonalPatch, ProfilePersonal>()`.
///
/// Decide once, as ``ScreenLoad`` does: ``reduce(_:)`` is the only place that decides whether a write starts, and it
/// records the decision here; the write middleware (``Core/Middleware/mutation(id:state:action:intent:write:)``)
/// passes each mutation action on, reads ``startsWrite`` and sends ``phase``'s input when it is `true`. So a second
/// submit while sending sends nothing because the reducer said so, and a replay through reducers alone rebuilds what
/// the effects were told.
public struct Mutation<Input: Equatable & Codable & Sendable, Output: Equatable & Codable & Sendable>: Equatable,
  Codable, Sendable
{
  /// Where the write stands: what the form shows.
  public var phase: MutationPhase<Input, Output>
  /// The token of the latest request: raised by every submit or retry that starts a write, carried by the effect's
  /// answer, so only the answer to the latest request lands.
  public var request: Int
  /// Whether the last ``Mutation/Action`` started a write: set only by the submit or retry that decided to send,
  /// cleared by every other mutation action. The write middleware carries it out right after that action.
  public var startsWrite: Bool
  /// Whether the write started last goes over whatever the server has now: the user chose Keep mine after a
  /// ``MutationPhase/conflict(_:message:)`` (`.retry` from it). The write middleware then sends it without its
  /// condition (``Networking/WriteIntent/overrides``); every other start sends it conditional on the item the screen
  /// showed.
  public var overrides: Bool

  /// Creates a write's state; the defaults are the state before anything was submitted.
  public init(
    phase: MutationPhase<Input, Output> = .idle, request: Int = 0, startsWrite: Bool = false, overrides: Bool = false
  ) {
    self.phase = phase
    self.request = request
    self.startsWrite = startsWrite
    self.overrides = overrides
  }

  /// Whether a write is in flight: a form disables its fields, Save and Cancel on it.
  public var isSending: Bool { phase.isSending }

  /// Applies a mutation action and decides whether it starts a write; returns whether the phase changed (an ignored
  /// action, or an answer to an older request, returns `false`):
  ///
  /// - `.submit(input)` starts one unless one is in flight: `phase = .sending(input)`, a new ``request`` token;
  /// - `.retry` sends the failed input again (only from ``MutationPhase/failed(_:message:)``), or, from
  ///   ``MutationPhase/conflict(_:message:)``, sends it over the other change (Keep mine: ``overrides``);
  /// - `.reset` goes back to ``MutationPhase/idle`` (not while sending): after a conflict, Take theirs or Edit again;
  /// - `.succeeded`, `.queued`, `.failed` and `.conflict` land only when they answer the latest request while it is in
  ///   flight.
  @discardableResult
  public mutating func reduce(_ action: Mutation<Input, Output>.Action) -> Bool {
    startsWrite = false
    switch action {
    case .submit(let input):
      guard !isSending else { return false }
      start(input)
    case .retry:
      switch phase {
      case .failed(let input, _): start(input)
      case .conflict(let input, _): start(input, overriding: true)
      default: return false
      }
    case .reset:
      guard !isSending, phase != .idle else { return false }
      phase = .idle
    case .succeeded(let output, let request):
      guard answers(request) else { return false }
      phase = .sent(output)
    case .queued(let pending, let request):
      guard answers(request), case .sending(let input) = phase else { return false }
      phase = .queued(input, pending: max(1, pending))
    case .failed(let message, let request):
      guard answers(request), case .sending(let input) = phase else { return false }
      phase = .failed(input, message: message)
    case .conflict(let message, let request):
      guard answers(request), case .sending(let input) = phase else { return false }
      phase = .conflict(input, message: message)
    }
    return true
  }

  /// Refuses `input` without sending it: the feature's own rules found it broken (`kumiki profile edit` with a
  /// nickname too long). The phase shows `message` like a failed write; nothing starts. Ignored while sending.
  public mutating func reject(_ input: Input, message: String) {
    startsWrite = false
    guard !isSending else { return }
    phase = .failed(input, message: message)
  }

  private mutating func start(_ input: Input, overriding: Bool = false) {
    request += 1
    phase = .sending(input)
    startsWrite = true
    overrides = overriding
  }

  private func answers(_ token: Int) -> Bool { isSending && token == request }
}
