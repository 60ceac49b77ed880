/// Why the CLI asks for an app, so a composition root can skip expensive set-up when nothing will run.
public enum AppPurpose: Sendable, Equatable {
  /// Only the command list is read (`--help`, `help`, `features`, `completion`): nothing is dispatched and the
  /// app is never launched, so it may be assembled with inert clients (no server, no database). A caller that
  /// gives ``KumikiCLI/main(arguments:environment:version:standardOutput:standardError:cache:resetFixtures:describe:makeApp:)``
  /// its `describe` is never asked for an app for this purpose.
  case introspection
  /// A feature command will run: the app is launched and its actions dispatched.
  case execution
  /// `kumiki replay`: a recorded session is replayed into the app. It must be assembled with `mode: .replay`
  /// (reducers only), without storage, over inert clients (no network, no database writes), and is never launched.
  case replay
}
