/// What the app's outbox holds, as the TUI shows it: the status bar's marker (`1 change waiting to send`) and the
/// rows of the outbox list (`o`). The app sends one each time its outbox changes (``TUIOptions/outbox``), with the
/// messages since the last one. What a sent or refused change does to the screens is not the TUI's to decide: the
/// query layer invalidates that data and tells the screens reading it (the app event `.dataChanged`).
public struct TUIOutbox: Sendable, Equatable {
  /// What the user can do with the change chosen in the list, as `kumiki outbox retry ID` and `discard ID` do
  /// (``TUIOptions/resolveOutbox``).
  public enum Choice: Sendable, Equatable {
    /// `r`: send it again — an outcome unknown or refused change once checked, a conflict's Keep mine (sent over the
    /// newer change).
    case retry
    /// `d`, once confirmed: drop it without sending it — a conflict's Take theirs.
    case discard
  }

  /// The status bar's marker, `nil` when nothing waits.
  public var status: String?
  /// One line per write, oldest first (`3  pending  PATCH profile_personal  (cannot connect)`); empty: none.
  public var lines: [String]
  /// The id of each line's write, in the same order (what a ``Choice`` acts on); empty when the app gives none (the
  /// list is then read-only).
  public var ids: [Int64]
  /// Messages since the last one (a waiting change the server refused, changes sent): the newest goes to the status
  /// bar.
  public var notices: [String]

  /// What the outbox holds now.
  public init(status: String?, lines: [String], ids: [Int64] = [], notices: [String] = []) {
    self.status = status
    self.lines = lines
    self.ids = ids
    self.notices = notices
  }

  /// How the user resolves held change `id` here, in the words of the outbox's notices (the app hands it to the query
  /// layer): the list's `r` (send it again: Keep mine) and `d` (drop it: Take theirs) on its line, the list opened with
  /// `o`. A notice reads `… Keep yours: r on change 3 in the outbox list (o); take theirs: d on change 3.`; a change
  /// held behind an unreadable one waits to send `held behind unreadable entry #3 (d on change 3 drops it)`.
  public static func actions(_ id: Int64) -> (retry: String, discard: String) {
    ("r on change \(id) in the outbox list (o)", "d on change \(id)")
  }

  /// The id of the write on line `index`, when the app gave one.
  func id(at index: Int) -> Int64? {
    ids.count == lines.count && ids.indices.contains(index) ? ids[index] : nil
  }
}
