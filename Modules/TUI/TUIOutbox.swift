/// What the app's outbox holds, as the TUI shows it: the status bar's marker (`1 change waiting to send`) and the
/// rows of the outbox list (`o`). The app sends one each time its outbox changes (``TUIOptions/outbox``), with the
/// messages since the last one. What a sent or refused change does to the screens is not the TUI's to decide: the
/// query layer invalidates that data and tells the screens reading it (the app event `.dataChanged`).
public struct TUIOutbox: Sendable, Equatable {
  /// The status bar's marker, `nil` when nothing waits.
  public var status: String?
  /// One line per write, oldest first (`3  pending  PATCH profile_personal  (cannot connect)`); empty: none.
  public var lines: [String]
  /// Messages since the last one (a waiting change the server refused, changes sent): the newest goes to the status
  /// bar.
  public var notices: [String]

  /// What the outbox holds now.
  public init(status: String?, lines: [String], notices: [String] = []) {
    self.status = status
    self.lines = lines
    self.notices = notices
  }
}
