/// An app-wide event, broadcast by the registry to every feature that accepts it.
public enum AppEvent: Sendable, Equatable, Hashable, Codable {
  /// The app started (after persisted state was restored).
  case launch
  /// The app is about to exit.
  case terminate
  /// The user asked to refresh every screen.
  case refreshAll
  /// The feature's screen became visible (sent to that one feature by the front end, see
  /// `AppRuntime.appear(slot:)`). Features load their data on first appearance, not at launch, so a CLI command
  /// or another tab costs no requests.
  case appear
}
