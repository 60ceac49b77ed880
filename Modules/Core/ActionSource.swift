/// Who dispatched the action a middleware is handling, as ``MiddlewareContext/source`` tells it: what a recorder
/// needs to tell a session's input (what a test *sends*) from what the store produced in reply (what a test
/// *receives*).
public enum ActionSource: UInt8, Sendable, Equatable, CaseIterable {
  /// ``Store/dispatch(_:)`` called from outside any dispatch: a front end (a key, a click, a screen appearing), a
  /// command line, the app's own launch, a test's `send`.
  case external
  /// Sent by an effect through its ``Send``: a response, a timer, an observation.
  case effect
  /// Dispatched while the store was processing another action on the same thread (a middleware's
  /// ``MiddlewareContext/dispatch(_:)``, a subscriber's dispatch): queued, and run right after the action that
  /// caused it.
  case followUp
}
