import Foundation
import Networking
import Presentation

extension DataOrigin {
  /// The line a screen shows above content that did not come fresh from the network, or `nil` for fresh content:
  /// `stale - 5 min old - refreshing...` or `offline - as of 14:32` (with the date when not today), in the local time
  /// zone; `server error - as of 14:32` when the API answered 5xx (it is up, but failing: not offline).
  public var note: String? {
    switch self {
    case .network, .cache:
      return nil
    case .stale(_, let age):
      return "stale - \(Self.ageText(age)) old - refreshing..."
    case .offline(let fetchedAt, let reason):
      // The query layer's reason for a 5xx answer is `server error <status>`.
      let word = reason.hasPrefix("server error") ? "server error" : "offline"
      return "\(word) - as of \(Self.asOfText(fetchedAt))"
    }
  }

  /// The note as a view above `content`: the offline note with a Retry carrying `retry`, the stale note alone;
  /// `content` unchanged when there is no note.
  public func annotate<Action>(_ content: ViewNode<Action>, retry: Action) -> ViewNode<Action> {
    guard let note else { return content }
    if isOffline {
      return .stack([.text(note, .danger), .button(label: "Retry", action: retry), content])
    }
    return .stack([.text(note, .secondary), content])
  }

  /// `45 s`, `5 min`, `3 h`, `2 days`.
  static func ageText(_ seconds: Int) -> String {
    switch seconds {
    case ..<60: "\(max(0, seconds)) s"
    case ..<3600: "\(seconds / 60) min"
    case ..<86_400: "\(seconds / 3600) h"
    default: seconds / 86_400 == 1 ? "1 day" : "\(seconds / 86_400) days"
    }
  }

  /// `14:32` today, else `2026/11/23 14:32`.
  static func asOfText(_ date: Date) -> String {
    Calendar.current.isDateInToday(date) ? date.formatted("HH:mm") : date.fetchTimeText
  }
}

extension Date {
  /// `2026/11/24 14:32`, local time: when data was fetched, as screens (not today), the CLI's offline notice and
  /// `kumiki cache status` print it.
  public var fetchTimeText: String { formatted("yyyy/MM/dd HH:mm") }

  fileprivate func formatted(_ pattern: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = pattern
    return formatter.string(from: self)
  }
}
