/// An app-wide event, broadcast by the registry to every feature that accepts it.
public enum AppEvent: Sendable, Equatable, Hashable, Codable {
  /// The app started (after persisted state was restored).
  case launch
  /// The app is about to exit.
  case terminate
  /// The user asked to refresh every screen.
  case refreshAll
  /// The feature's screen became visible (sent to that one feature by the front end, see
  /// `AppRuntime.appear(slot:)`), each time it is shown. Features load their data on first appearance, not at
  /// launch, so a CLI command or another tab costs no requests.
  case appear
  /// The feature's screen was hidden: the TUI showed another tab (sent to that one feature, see
  /// `AppRuntime.disappear(slot:)`). A screen that polls pauses until its next `.appear`.
  case disappear
  /// The API answered again after it could not be reached (the query layer's reachability, in the apps): screens
  /// showing offline data, or an error, refetch once.
  case reconnected
  /// What the screens show changed under them: in the query layer, a write's optimistic change was shown or rolled
  /// back on the endpoints with these tags (`profile_personal`). Sent by the composition root; a loading screen reads
  /// its loaded content again from the cache (no request, no spinner), so every mount and tab reading that data shows
  /// the change at once.
  case dataChanged(Set<String>)
}
