import Terminal
import Testing

@Suite("Text wrapping")
struct TextWrapTests {
  @Test("breaks after the last space that fits, else between characters; never wider than the width")
  func wraps() {
    #expect(TextWrap.lines("the quick brown fox", width: 10) == ["the quick ", "brown fox"])
    #expect(TextWrap.lines("全角文字だけの文", width: 5) == ["全角", "文字", "だけ", "の文"])
    #expect(TextWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(TextWrap.lines("", width: 4) == [""])
    #expect(TextWrap.lines("abc", width: 0) == [])
    #expect(TextWrap.lines("寿", width: 1) == ["寿"])  // a lone wide character still makes progress
    for width in 1...12 {
      for line in TextWrap.lines("Ramen 🍜 ラーメン and 寿司 sushi", width: width) {
        #expect(displayWidth(of: line) <= max(width, 2))
      }
    }
  }

  @Test("truncation keeps styles and ends in ...")
  func truncates() {
    let runs: [TextWrap.Run] = [("Results for ", .plain), ("カレー", Style(attributes: .bold))]
    let cut = TextWrap.truncated(runs, width: 15)
    #expect(cut.map(\.text) == ["Results for ", "..."])
    #expect(TextWrap.truncated(runs, width: 17).map(\.text) == ["Results for ", "カ", "..."])
    #expect(TextWrap.truncated(runs, width: 18).map(\.text) == ["Results for ", "カレー"])
  }
}
