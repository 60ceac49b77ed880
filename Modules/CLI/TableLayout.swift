import Terminal

/// Column widths for a table printed in a fixed number of terminal columns, by display width (a CJK character or
/// an emoji takes two). Columns are separated by two spaces; when the table is too wide the widest column is
/// narrowed first, one column at a time, down to ``minimumColumnWidth``, and cells are truncated with `...`
/// without ever splitting a wide character. Columns whose cells are all numbers are right-aligned.
struct TableLayout: Sendable, Equatable {
  /// The gap between columns.
  static let gap = 2
  /// A column is never narrowed below this (or its natural width, if smaller).
  static let minimumColumnWidth = 4

  /// The width of each column.
  var widths: [Int]
  /// Whether each column is right-aligned (every non-empty body cell is a number).
  var rightAligned: [Bool]

  /// The layout of `columns` and `rows` (already inert, one line per cell) within `maxWidth` columns. Rows with
  /// fewer cells than the widest row are padded with empty cells.
  init(columns: [String], rows: [[String]], maxWidth: Int) {
    let count = max(columns.count, rows.map(\.count).max() ?? 0)
    var widths = [Int](repeating: 0, count: count)
    var numeric = [Bool](repeating: true, count: count)
    var hasValue = [Bool](repeating: false, count: count)
    for (index, header) in columns.enumerated() { widths[index] = displayWidth(of: header) }
    for row in rows {
      for (index, cell) in row.enumerated() {
        widths[index] = max(widths[index], displayWidth(of: cell))
        guard !cell.isEmpty else { continue }
        hasValue[index] = true
        if Double(cell) == nil { numeric[index] = false }
      }
    }
    let natural = widths
    var total = widths.reduce(0, +) + Self.gap * max(0, count - 1)
    while total > maxWidth {
      guard
        let widest = widths.indices.filter({ widths[$0] > min(Self.minimumColumnWidth, natural[$0]) })
          .max(by: { widths[$0] < widths[$1] })
      else { break }
      widths[widest] -= 1
      total -= 1
    }
    self.widths = widths
    self.rightAligned = zip(numeric, hasValue).map { $0 && $1 }
  }

  /// Each cell fitted to its column (truncated, then padded), joined by the gap. The last column is not padded
  /// unless it is right-aligned, so lines carry no trailing spaces.
  func cells(_ row: [String]) -> [String] {
    widths.indices.map { index in
      let cell = index < row.count ? row[index] : ""
      let fitted = cell.truncated(toWidth: widths[index])
      let isLast = index == widths.count - 1
      if rightAligned[index] { return fitted.padded(toWidth: widths[index], alignment: .trailing) }
      return isLast ? fitted : fitted.padded(toWidth: widths[index])
    }
  }

  /// The separator under the header: dashes as wide as each column.
  var rule: [String] { widths.map { String(repeating: "-", count: $0) } }
}
