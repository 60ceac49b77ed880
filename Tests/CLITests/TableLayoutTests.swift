import Testing

@testable import CLI

@Suite struct TableLayoutTests {
  @Test func naturalWidthsWhenTheyFit() {
    let layout = TableLayout(columns: ["名前", "n"], rows: [["ab", "10"], ["🍜🍜🍜", "2"]], maxWidth: 80)
    #expect(layout.widths == [6, 2])
    #expect(layout.rightAligned == [false, true])
    #expect(layout.lines(["ab", "2"]) == ["ab    " + "  " + " 2"])
  }

  @Test func narrowsTheWidestColumnFirst() {
    let layout = TableLayout(columns: ["a", "b"], rows: [[String(repeating: "x", count: 30), "yyyyyy"]], maxWidth: 20)
    #expect(layout.widths == [12, 6])
  }

  @Test func neverBelowTheMinimumAndRaggedRowsArePadded() {
    let layout = TableLayout(columns: ["a"], rows: [["wide wide", "x", "y"]], maxWidth: 3, fitting: .wrap)
    #expect(layout.widths.count == 3)
    #expect(layout.widths[0] == TableLayout.minimumColumnWidth)
    #expect(layout.lines([]) == ["    " + "  " + " " + "  "])
  }

  @Test func truncationKeepsWideCharactersWhole() {
    let layout = TableLayout(columns: [], rows: [["緑茶緑茶緑茶"]], maxWidth: 6)
    #expect(layout.lines(["緑茶緑茶緑茶"]) == ["緑..."])
  }

  /// Issue 26: at COLUMNS=40 every column was cut to 3 characters and an empty column kept. A terminal too narrow
  /// leaves out empty columns, then the rightmost ones, before it truncates.
  @Test func aNarrowTerminalDropsEmptyThenRightmostColumnsBeforeTruncating() {
    let columns = ["ID", "Dish", "Shop", "Category", "Saved"]
    let rows = [
      ["6", "スパイスチキンカレー", "インド料理 タージ・マハル", "エスニック料理", ""],
      ["12", "特製ビーフカレー", "洋食屋 グリル", "カレー", ""],
    ]
    let wide = TableLayout(columns: columns, rows: rows, maxWidth: 200)
    #expect(wide.shown == [0, 1, 2, 3, 4], "what fits keeps every column, empty ones too")
    let forty = TableLayout(columns: columns, rows: rows, maxWidth: 40)
    #expect(forty.shown == [0, 1, 2, 3], "the empty Saved column goes first")
    #expect(forty.widths.reduce(0, +) + 2 * 3 <= 40)
    #expect(forty.widths.allSatisfy { $0 >= 2 })
    #expect(forty.widths[1] >= TableLayout.readableColumnWidth)
    let narrow = TableLayout(columns: columns, rows: rows, maxWidth: 24)
    #expect(narrow.shown == [0, 1, 2], "then the rightmost")
    #expect(narrow.widths.dropFirst().allSatisfy { $0 >= TableLayout.readableColumnWidth })
    let tiny = TableLayout(columns: columns, rows: rows, maxWidth: 5)
    #expect(tiny.shown == [0], "the first column always stays")
  }

  @Test func wrappingKeepsEveryColumnAndEveryCharacter() {
    let layout = TableLayout(
      columns: ["a", "b"], rows: [["one two three four", ""]], maxWidth: 12, fitting: .wrap)
    #expect(layout.shown == [0, 1])
    #expect(layout.lines(["one two three four", "x"]) == ["one two    x", "three    " + "  ", "four     " + "  "])
  }
}
