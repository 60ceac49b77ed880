import FeatureKit
import Foundation

/// What the DevTools panel shows: the action log around the selected action, and that action's state diff.
/// Built from the history by ``make(entries:position:describe:timeZone:)``; drawn by ``TUIScreen``.
public struct DevToolsPanel: Sendable, Equatable {
  /// One row of the action log.
  public struct Row: Sendable, Equatable {
    /// The history index.
    public var index: Int
    /// `HH:mm:ss.SSS`.
    public var time: String
    /// `app.describe(action)`.
    public var description: String
  }

  /// The rows around ``selected`` (at most ``window`` either side); the renderer shows those that fit.
  public var rows: [Row]
  /// Number of actions in the history.
  public var total: Int
  /// The history index selected (the time-travel position, or the latest action when live).
  public var selected: Int?
  /// Whether the screen shows history instead of the live state.
  public var isPaused: Bool
  /// The selected action's state diff: changed lines of the text dump of the slices it changed, with one line
  /// of context; `nil` separates hunks. Lines start with `-`, `+` or a space.
  public var diff: [String?]
  /// Whether DevTools is installed at all.
  public var isInstalled: Bool

  /// Creates a panel model.
  public init(rows: [Row], total: Int, selected: Int?, isPaused: Bool, diff: [String?], isInstalled: Bool = true) {
    self.rows = rows
    self.total = total
    self.selected = selected
    self.isPaused = isPaused
    self.diff = diff
    self.isInstalled = isInstalled
  }

  /// The panel shown when the app was assembled without ``DevTools``.
  public static let notInstalled = DevToolsPanel(
    rows: [], total: 0, selected: nil, isPaused: false, diff: [], isInstalled: false)

  /// Most rows kept on either side of the selected one.
  public static let window = 100

  /// The panel for `entries` with the time-travel `position` (`nil`: live).
  public static func make(
    entries: [DevToolsEntry], position: Int?, describe: (AppAction) -> String, timeZone: TimeZone = .current
  ) -> DevToolsPanel {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let selected = entries.isEmpty ? nil : min(max(0, position ?? entries.count - 1), entries.count - 1)
    let visible = selected.map { max(0, $0 - window)..<min(entries.count, $0 + window + 1) } ?? 0..<0
    let rows = visible.map { index in
      let entry = entries[index]
      return Row(index: index, time: time(entry.timestamp, calendar: calendar), description: describe(entry.action))
    }
    let diff = selected.map { stateDiff(entries[$0]) } ?? []
    return DevToolsPanel(rows: rows, total: entries.count, selected: selected, isPaused: position != nil, diff: diff)
  }

  /// The diff of the slices `entry` changed (`key:` headers, then `-`/`+` lines).
  static func stateDiff(_ entry: DevToolsEntry) -> [String?] {
    let before = Mirror(reflecting: entry.before).children
    let after = Array(Mirror(reflecting: entry.after).children)
    var result: [String?] = []
    for (offset, old) in before.enumerated() where offset < after.count {
      if let slot = entry.action.slot, slot != offset { continue }
      let oldLines = StateDump.lines(of: old.value)
      let newLines = StateDump.lines(of: after[offset].value)
      guard oldLines != newLines else { continue }
      result.append("\(old.label ?? "slot \(offset)"):")
      for line in LineDiff.hunks(LineDiff.diff(oldLines, newLines)) {
        switch line {
        case .same(let text): result.append("  " + text)
        case .removed(let text): result.append("- " + text)
        case .added(let text): result.append("+ " + text)
        case nil: result.append(nil)
        }
      }
    }
    return result
  }

  private static func time(_ date: Date, calendar: Calendar) -> String {
    let total = Int64((date.timeIntervalSince1970 * 1000).rounded())
    let milliseconds = Int(((total % 1000) + 1000) % 1000)
    let whole = Date(timeIntervalSince1970: TimeInterval((total - Int64(milliseconds)) / 1000))
    let parts = calendar.dateComponents([.hour, .minute, .second], from: whole)
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return
      "\(pad(parts.hour ?? 0, 2)):\(pad(parts.minute ?? 0, 2)):\(pad(parts.second ?? 0, 2)).\(pad(milliseconds, 3))"
  }
}
