import Testing

@testable import CLI

@Suite struct SuggesterTests {
  @Test func distanceCountsEditsAndSwaps() {
    #expect(Suggester.distance("archive", "archive") == 0)
    #expect(Suggester.distance("archiv", "archive") == 1)
    #expect(Suggester.distance("serach", "search") == 1)
    #expect(Suggester.distance("", "abc") == 3)
    #expect(Suggester.distance("カレー", "カレーライス") == 3)
  }

  @Test func suggestsOnlyPlausibleTypos() {
    #expect(Suggester.suggestion(for: "favourites", among: ["home", "favorites"]) == "favorites")
    #expect(Suggester.suggestion(for: "arch", among: ["home", "archive"]) == "archive")
    #expect(Suggester.suggestion(for: "xyzzy", among: ["home", "archive"]) == nil)
    #expect(Suggester.suggestion(for: "", among: ["home"]) == nil)
  }
}
