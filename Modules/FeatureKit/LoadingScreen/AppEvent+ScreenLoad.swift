extension AppEvent {
  /// The usual `receive` of a screen that loads when it first appears and reloads on refresh: `.appear` → `appear`,
  /// `.refreshAll` → `refresh`, `.dataChanged` → `changed` (when given), any other event → `nil`.
  ///
  /// ```swift
  /// public static func receive(_ event: AppEvent) -> Action? { event.screenLoad(appear: .appear, refresh: .refresh) }
  /// ```
  public func screenLoad<Action>(appear: Action, refresh: Action, changed: Action? = nil) -> Action? {
    switch self {
    case .appear: appear
    case .refreshAll: refresh
    case .dataChanged: changed
    case .launch, .terminate, .disappear, .reconnected: nil
    }
  }
}
