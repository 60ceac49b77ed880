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

  @Test("kinsoku: no line starts with 。、」 and none ends with 「; the character before moves down instead")
  func kinsoku() {
    #expect(TextWrap.lines("これはテストです。次の文", width: 16) == ["これはテストで", "す。次の文"])
    #expect(TextWrap.lines("彼は「こんにちは」と言った", width: 6) == ["彼は", "「こん", "にち", "は」と", "言った"])
    let text = "玉ねぎを飴色になるまで三時間炒め、十数種類のスパイスを「自家焙煎」してから挽き、最後に煮込む。"
    for width in 4...30 {
      let lines = TextWrap.lines(text, width: width)
      #expect(lines.joined() == text)
      for line in lines.dropFirst() { #expect(!["。", "、", "」"].contains(line.first), "width \(width): \(lines)") }
      for line in lines { #expect(line.last != "「", "width \(width): \(lines)") }
    }
  }

  @Test("a URL breaks only after a path separator, not inside its scheme or a path segment")
  func urls() {
    #expect(
      TextWrap.lines("See https://example.com/archive/images/06 now", width: 20)
        == ["See ", "https://example.com/", "archive/images/06 ", "now"])
    #expect(
      TextWrap.lines("写真はhttps://images.kumiki.example/archive/archive_06.jpgです", width: 32)
        == ["写真は", "https://images.kumiki.example/", "archive/archive_06.jpgです"])
  }
}
