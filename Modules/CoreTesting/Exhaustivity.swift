/// How strictly a ``TestStore`` checks.
public enum Exhaustivity: Sendable, Equatable {
  /// Every state change must be asserted exactly, every received action must be asserted, and every effect must
  /// have finished by the end of the test.
  case on
  /// Assertions only check what they mention: unasserted state changes, received actions and running effects are
  /// allowed. For integration tests over many features.
  case off
}
