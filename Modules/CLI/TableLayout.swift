import Terminal

/// Column widths for a table printed in a fixed number of terminal columns, by display width (a CJK character or
/// an emoji takes two). Columns are separated by two spaces. Columns whose cells are all numbers are right-aligned.
///
/// When the table is too wide for `maxWidth`:
/// - ``Fitting/truncate`` (a terminal): columns whose body cells are all empty are left out, then the
///   lowest-priority columns — the rightmost first, the first column never — until the rest fit at
///   ``readableColumnWidth`` each; then the widest column is narrowed first, one column at a time, and cells are
///   truncated with `...` without ever splitting a wide character.
/// - ``Fitting/wrap`` (full values, `COLUMNS` set): every column stays; the widest is narrowed first, down to
///   ``minimumColumnWidth``, and a cell too long for its column wraps onto more lines.
struct TableLayout: Sendable, Equatable {
  /// What happens to a cell wider than its column.
  enum Fitting: Sendable, Equatable {
    /// Drop empty and low-priority columns, then cut with `...`.
    case truncate
    /// Keep every column; wrap the cell onto more lines.
    case wrap
  }

  /// The gap between columns.
  static let gap = 2
  /// A column is never narrowed below this (or its natural width, if smaller).
  static let minimumColumnWidth = 4
  /// A terminal too narrow for every column at this width (or its natural width, if smaller) drops columns first.
  static let readableColumnWidth = 8

  /// The indices of the columns shown, in order.
  var shown: [Int]
  /// The width of each shown column.
  var widths: [Int]
  /// Whether each shown column is right-aligned (every non-empty body cell is a number).
  var rightAligned: [Bool]
  /// What happens to a cell wider than its column.
  var fitting: Fitting

  /// The layout of `columns` and `rows` (already inert, one line per cell) within `maxWidth` columns. Rows with
  /// fewer cells than the widest row are padded with empty cells.
  init(columns: [String], rows: [[String]], maxWidth: Int, fitting: Fitting = .truncate) {
    let count = max(columns.count, rows.map(\.count).max() ?? 0)
    var natural = [Int](repeating: 0, count: count)
    var numeric = [Bool](repeating: true, count: count)
    var hasValue = [Bool](repeating: false, count: count)
    for (index, header) in columns.enumerated() { natural[index] = displayWidth(of: header) }
    for row in rows {
      for (index, cell) in row.enumerated() {
        natural[index] = max(natural[index], displayWidth(of: cell))
        guard !cell.isEmpty else { continue }
        hasValue[index] = true
        if Double(cell) == nil { numeric[index] = false }
      }
    }
    var shown = Array(0..<count)
    if fitting == .truncate {
      let total = { (columns: [Int], width: (Int) -> Int) in
        columns.map(width).reduce(0, +) + Self.gap * max(0, columns.count - 1)
      }
      if !rows.isEmpty, total(shown, { natural[$0] }) > maxWidth { shown.removeAll { !hasValue[$0] && $0 > 0 } }
      while shown.count > 1, total(shown, { min(natural[$0], Self.readableColumnWidth) }) > maxWidth {
        shown.removeLast()
      }
    }
    var widths = shown.map { natural[$0] }
    var total = widths.reduce(0, +) + Self.gap * max(0, widths.count - 1)
    while total > maxWidth {
      guard
        let widest = widths.indices.filter({ widths[$0] > min(Self.minimumColumnWidth, natural[shown[$0]]) })
          .max(by: { widths[$0] < widths[$1] })
      else { break }
      widths[widest] -= 1
      total -= 1
    }
    self.shown = shown
    self.widths = widths
    self.rightAligned = shown.map { numeric[$0] && hasValue[$0] }
    self.fitting = fitting
  }

  /// The lines of one row: each shown cell fitted to its column (truncated, or wrapped onto more lines), then
  /// padded, joined by the gap. The last column is not padded unless it is right-aligned, so lines carry no
  /// trailing spaces. `style` is applied to each cell's text after fitting.
  func lines(_ row: [String], style: (String) -> String = { $0 }) -> [String] {
    let cells = shown.indices.map { position -> [String] in
      let index = shown[position]
      let cell = index < row.count ? row[index] : ""
      switch fitting {
      case .truncate: return [cell.truncated(toWidth: widths[position])]
      case .wrap: return TextWrap.lines(cell, width: widths[position]).map(TextRenderer.trimmingTrailingSpaces)
      }
    }
    let height = cells.map(\.count).max() ?? 0
    return (0..<max(1, height)).map { line in
      shown.indices.map { position in
        let text = line < cells[position].count ? cells[position][line] : ""
        let spaces = String(repeating: " ", count: max(0, widths[position] - displayWidth(of: text)))
        let styled = text.isEmpty ? text : style(text)
        if rightAligned[position] { return spaces + styled }
        return position == shown.count - 1 ? styled : styled + spaces
      }.joined(separator: String(repeating: " ", count: Self.gap))
    }
  }

  /// The separator under the header: dashes as wide as each column.
  var rule: String {
    widths.map { String(repeating: "-", count: $0) }.joined(separator: String(repeating: " ", count: Self.gap))
  }
}
