import Testing

@testable import TUI

@Suite("Feature switcher")
struct FeatureSwitcherTests {
  let entries = [("home", "Home"), ("archive", "Archive"), ("curry", "カレー"), ("profile", "Profile")].map {
    FeatureSwitcher.Entry(key: $0.0, title: $0.1)
  }

  @Test("the number first, then keys or titles starting with the filter, then containing it; empty: every tab")
  func matching() {
    #expect(FeatureSwitcher().matches(in: entries) == [0, 1, 2, 3])
    #expect(FeatureSwitcher(query: "2").matches(in: entries) == [1])
    #expect(FeatureSwitcher(query: "pro").matches(in: entries) == [3])
    #expect(FeatureSwitcher(query: "E").matches(in: entries) == [0, 1, 3])  // contains, case-insensitive
    #expect(FeatureSwitcher(query: "カレ").matches(in: entries) == [2])
    #expect(FeatureSwitcher(query: " ar ").matches(in: entries) == [1])
    #expect(FeatureSwitcher(query: "zzz").matches(in: entries).isEmpty)
  }
}
