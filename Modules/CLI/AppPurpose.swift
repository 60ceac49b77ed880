/// Why the CLI asks for an app, so a composition root can skip expensive set-up when nothing will run.
public enum AppPurpose: Sendable, Equatable {
  /// Only the command list is read (`--help`, `help`, `features`, `completion`): nothing is dispatched and the
  /// app is never launched, so it may be assembled with inert clients (no server, no database).
  case introspection
  /// A feature command will run: the app is launched and its actions dispatched.
  case execution
}
