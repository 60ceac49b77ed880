extension AppEvent {
  /// The usual `receive` of a screen that loads when it first appears and reloads on refresh: `.appear` → `appear`,
  /// `.refreshAll` → `refresh`, any other event → `nil`.
  ///
  /// ```swift
  /// public static func receive(_ event: AppEvent) -> Action? { event.screenLoad(appear: .appear, refresh: .refresh) }
  /// ```
  public func screenLoad<Action>(appear: Action, refresh: Action) -> Action? {
    switch self {
    case .appear: appear
    case .refreshAll: refresh
    case .launch, .terminate, .disappear, .reconnected: nil
    }
  }
}
