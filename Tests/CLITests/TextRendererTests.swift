import CLI
import Presentation
import Testing

@Suite struct TextRendererTests {
  let plain = TextRenderer(width: 80)

  @Test func tablesAlignByDisplayWidthWithCJKAndEmoji() {
    let table = ViewNode<Never>.table(
      TableNode(
        columns: ["ID", "Name", "Price"],
        rows: [["1", "カレーライス", "850"], ["2", "Ramen 🍜", "1200"], ["3", "緑茶", "200"]]))
    #expect(
      plain.lines(table) == [
        "ID  Name          Price",
        "--  ------------  -----",
        " 1  カレーライス    850",
        " 2  Ramen 🍜       1200",
        " 3  緑茶            200",
      ])
  }

  @Test func narrowTablesTruncateWithoutSplittingWideCharacters() {
    let table = ViewNode<Never>.table(
      TableNode(columns: ["Name", "Note"], rows: [["カレーライス", "spicy and very good"]]))
    let lines = TextRenderer(width: 20).lines(table)
    #expect(lines == ["Name       Note", "---------  ---------", "カレー...  spicy ..."])
  }

  /// Issue 26: prose did not wrap. It wraps to the width on a terminal and with COLUMNS, never when unlimited.
  @Test func proseWrapsToTheWidthUnlessUnlimited() {
    let text = ViewNode<Never>.stack([
      .text("The quick brown fox jumps over the lazy dog."), .section(title: "S", children: [.text("カレーライスと緑茶です")]),
    ])
    let expected = ["The quick brown fox", "jumps over the lazy", "dog.", "", "S", "  カレーライスと緑茶", "  です"]
    #expect(TextRenderer(width: 20).lines(text) == expected)
    #expect(TextRenderer(fit: .wrap(columns: 20)).lines(text) == expected)
    #expect(
      TextRenderer(fit: .unlimited).lines(text) == [
        "The quick brown fox jumps over the lazy dog.", "", "S", "  カレーライスと緑茶です",
      ])
  }

  /// Issue 26: piped output was cut to 80 columns.
  @Test func unlimitedTablesAreTabSeparatedWithEveryValueWhole() {
    let long = String(repeating: "とても長い説明", count: 20)
    let table = ViewNode<Never>.table(TableNode(columns: ["ID", "Note", "Saved"], rows: [["1", long, ""]]))
    #expect(TextRenderer(fit: .unlimited).lines(table) == ["ID\tNote\tSaved", "1\t\(long)\t"])
  }

  @Test func withColumnsOutsideATerminalCellsWrapInsteadOfBeingCut() {
    let table = ViewNode<Never>.table(
      TableNode(columns: ["Name", "Note"], rows: [["カレーライス", "spicy and very good"]]))
    let lines = TextRenderer(fit: .wrap(columns: 20)).lines(table)
    #expect(
      lines == [
        "Name       Note", "---------  ---------", "カレーラ   spicy", "イス       and very", "           good",
      ])
    #expect(!lines.joined().contains("..."))
  }

  @Test func sectionsAndLists() {
    let view = ViewNode<Never>.stack([
      .text("Archive", .title),
      .section(
        title: "Results",
        children: [
          .list(
            ListNode(
              items: [
                ListItem(id: "1", title: "カレー", subtitle: "food", detail: "Spicy.\nHot."),
                ListItem(id: "2", title: [TextSpan("Ramen")]),
              ],
              selected: 1)),
          .text("2 results", .secondary),
        ]),
    ])
    #expect(
      plain.lines(view) == [
        "Archive",
        "",
        "Results",
        "  - カレー",
        "    food",
        "    Spicy.",
        "    Hot.",
        "  > Ramen",
        "",
        "  2 results",
      ])
  }

  @Test func fieldsCardsRatingChipsErrorsAndEmpty() {
    let view = ViewNode<Never>.stack([
      .fields([Field("Name", "カレー"), Field("Category", "food")]),
      .collection(
        CollectionNode(
          title: "Picks", layout: .carousel, cards: [Card(id: "1", title: "Ramen", lines: ["Tokyo"], rating: 4.46)])),
      .chips([Chip(label: "all", isSelected: false, action: nil), Chip(label: "food", isSelected: true, action: nil)]),
      .rating(7),
      .error(message: "cannot connect", retry: nil),
      .empty("Nothing saved yet."),
    ])
    #expect(
      plain.lines(view) == [
        "Name:     カレー",
        "Category: food",
        "",
        "Picks",
        "  - Ramen  4.5/5",
        "    Tokyo",
        "",
        "all  [food]",
        "5.0/5",
        "Error: cannot connect",
        "Nothing saved yet.",
      ])
  }

  @Test func hostileDataIsInert() {
    let view = ViewNode<Never>.stack([
      .text("clip \u{1B}]52;c;aGFjaw==\u{07} end"),
      .spans([TextSpan("\u{1B}[2J", .highlight)]),
      .table(TableNode(columns: ["\u{9B}31m"], rows: [["a\rb"]])),
      .fields([Field("k\u{1B}", "v\u{1B}[0m")]),
      .list(ListNode(items: [ListItem(id: "x", title: "\u{1B}[1mbold", detail: "\u{1B}]8;;http://x\u{1B}\\")])),
    ])
    for renderer in [plain, TextRenderer(width: 80, color: true)] {
      let text = renderer.render(view)
      let escapes = text.unicodeScalars.filter { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" || $0 == "\r" }
      if renderer.color {
        // Only the renderer's own SGR sequences remain: ESC followed by "[<digits;>m".
        let stripped = text.replacing(/\u{1B}\[[0-9;]*m/, with: "")
        #expect(!stripped.unicodeScalars.contains("\u{1B}"))
      } else {
        #expect(escapes.isEmpty)
      }
      #expect(text.contains("clip ^[]52;c;aGFjaw==^G end"))
      #expect(text.contains("^[[2J"))
    }
  }

  @Test func colourStylesTitlesOnlyWhenEnabled() {
    let view = ViewNode<Never>.section(title: "Top", children: [.text("dim", .secondary)])
    #expect(TextRenderer(color: true).lines(view) == ["\u{1B}[1mTop\u{1B}[0m", "  \u{1B}[2mdim\u{1B}[0m"])
    #expect(plain.lines(view) == ["Top", "  dim"])
  }

  @Test func emptyViewPrintsNothing() {
    #expect(plain.render(.stack([])) == "")
    #expect(plain.render(.text("a")) == "a\n")
  }
}
