import Testing

@testable import CLI

@Suite struct TableLayoutTests {
  @Test func naturalWidthsWhenTheyFit() {
    let layout = TableLayout(columns: ["名前", "n"], rows: [["ab", "10"], ["🍜🍜🍜", "2"]], maxWidth: 80)
    #expect(layout.widths == [6, 2])
    #expect(layout.rightAligned == [false, true])
    #expect(layout.cells(["ab", "2"]) == ["ab    ", " 2"])
  }

  @Test func narrowsTheWidestColumnFirst() {
    let layout = TableLayout(columns: ["a", "b"], rows: [[String(repeating: "x", count: 30), "yyyyyy"]], maxWidth: 20)
    #expect(layout.widths == [12, 6])
  }

  @Test func neverBelowTheMinimumAndRaggedRowsArePadded() {
    let layout = TableLayout(columns: ["a"], rows: [["wide wide", "x", "y"]], maxWidth: 3)
    #expect(layout.widths.count == 3)
    #expect(layout.widths[0] == TableLayout.minimumColumnWidth)
    #expect(layout.cells([]) == ["    ", " ", ""])
  }

  @Test func truncationKeepsWideCharactersWhole() {
    let layout = TableLayout(columns: [], rows: [["緑茶緑茶緑茶"]], maxWidth: 6)
    let cell = layout.cells(["緑茶緑茶緑茶"])[0]
    #expect(cell == "緑...")
  }
}
