/// An app-wide event, broadcast by the registry to every feature that accepts it.
public enum AppEvent: Sendable, Equatable, Hashable, Codable {
  /// The app started (after persisted state was restored).
  case launch
  /// The app is about to exit.
  case terminate
  /// The user asked to refresh every screen.
  case refreshAll
  /// A named signal a feature emitted for others (e.g. `"saved.changed"`). Names are the only shared vocabulary
  /// between features; document them where they are emitted.
  case signal(String)
}
