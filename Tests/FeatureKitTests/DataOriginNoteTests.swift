import FeatureKit
import Foundation
import LoadingScreenKit
import Networking
import Presentation
import Testing

/// `DataOrigin.note` and `annotate(_:retry:)`: the line above content that did not come fresh from the network.
@Suite struct DataOriginNoteTests {
  enum Action: Equatable, Sendable { case retry }

  /// 14:32 today, in the local time zone the note is written in.
  static let todayAt1432 = Calendar.current.date(bySettingHour: 14, minute: 32, second: 0, of: Date())!
  /// 09:05 on a day that is not today.
  static let longAgo = Calendar.current.date(from: DateComponents(year: 2024, month: 1, day: 2, hour: 9, minute: 5))!

  @Test func freshContentHasNoNote() {
    #expect(DataOrigin.network.note == nil)
    #expect(DataOrigin.cache(fetchedAt: Self.longAgo).note == nil)
  }

  @Test(arguments: [
    (-3, "0 s"), (0, "0 s"), (45, "45 s"), (59, "59 s"), (60, "1 min"), (300, "5 min"), (3599, "59 min"),
    (3600, "1 h"), (3 * 3600 + 59 * 60, "3 h"), (86_399, "23 h"), (86_400, "1 day"), (2 * 86_400 + 5, "2 days"),
  ])
  func staleContentSaysHowOldItIsAndThatItIsRefreshing(_ age: Int, _ text: String) {
    #expect(DataOrigin.stale(fetchedAt: Self.longAgo, age: age).note == "stale - \(text) old - refreshing...")
  }

  @Test func offlineContentSaysWhenItWasFetched() {
    #expect(DataOrigin.offline(fetchedAt: Self.todayAt1432, reason: "refused").note == "offline - as of 14:32")
    #expect(
      DataOrigin.offline(fetchedAt: Self.longAgo, reason: "timed out").note == "offline - as of 2024/01/02 09:05")
  }

  /// Issue 35: a 500 was shown as `offline`; the API answered, so it is a server error.
  @Test func contentShownBecauseTheServerFailedSaysServerErrorNotOffline() {
    #expect(
      DataOrigin.offline(fetchedAt: Self.todayAt1432, reason: "server error 500").note == "server error - as of 14:32")
  }

  @Test func offlineContentGetsTheNoteAndARetryAboveIt() {
    let content = ViewNode<Action>.text("ramen")
    let view = DataOrigin.offline(fetchedAt: Self.todayAt1432, reason: "refused").annotate(content, retry: .retry)

    #expect(
      view == .stack([.text("offline - as of 14:32", .danger), .button(label: "Retry", action: .retry), content]))
    #expect(view.actions == [.retry])
  }

  @Test func staleContentGetsTheNoteAlone() {
    let content = ViewNode<Action>.text("ramen")
    let view = DataOrigin.stale(fetchedAt: Self.longAgo, age: 300).annotate(content, retry: .retry)

    #expect(view == .stack([.text("stale - 5 min old - refreshing...", .secondary), content]))
    #expect(view.actions.isEmpty)
  }

  @Test func freshContentIsLeftAlone() {
    let content = ViewNode<Action>.button(label: "Order", action: .retry)

    #expect(DataOrigin.network.annotate(content, retry: .retry) == content)
    #expect(DataOrigin.cache(fetchedAt: Self.longAgo).annotate(content, retry: .retry) == content)
  }
}
