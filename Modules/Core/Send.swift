/// Sends actions from an effect back into the store that owns it.
///
/// Sending is synchronous: when the call returns, the action has been reduced and subscribers notified. Actions
/// sent after the effect was cancelled are dropped, so a cancelled request can never overwrite newer state.
public struct Send<Action: Sendable>: Sendable {
  let deliver: @Sendable (Action) -> Void

  /// Creates a sender from a delivery function. Tests use it to collect what an effect sends.
  public init(_ deliver: @escaping @Sendable (Action) -> Void) {
    self.deliver = deliver
  }

  /// Sends `action` to the store.
  public func callAsFunction(_ action: Action) { deliver(action) }

  /// A sender of child actions that embeds them into this sender's action type.
  public func map<Child>(_ embed: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    let deliver = self.deliver
    return Send<Child> { deliver(embed($0)) }
  }
}
