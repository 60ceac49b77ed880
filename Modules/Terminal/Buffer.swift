/// A `width` × `height` grid of cells: what a view draws and the renderer diffs.
///
/// Invariants, kept by every mutation:
/// - a wide (2-column) cell is always followed by a continuation cell, and a continuation cell
///   always follows a wide cell;
/// - overwriting either half of a wide cell turns the other half into a space (keeping its style),
///   even when that half lies outside the clip rectangle of the write;
/// - a wide character that would cross the right edge of the clip rectangle (or the buffer) is
///   written as a space instead;
/// - no cell holds a control character (see `Cell.init`).
///
/// Dimensions are clamped to 0...65535. Coordinates outside the buffer are ignored, never trapped on.
public struct Buffer: Hashable, Sendable {
  /// Number of columns.
  public let width: Int
  /// Number of rows.
  public let height: Int
  /// Row-major cells, `width * height` of them.
  var cells: [Cell]

  /// Creates a buffer of blank cells (`Cell.blank`).
  public init(width: Int, height: Int) {
    self.width = min(max(0, width), 65535)
    self.height = min(max(0, height), 65535)
    self.cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// Creates a buffer of blank cells of `size`.
  public init(size: Size) {
    self.init(width: size.width, height: size.height)
  }

  /// `width` × `height`.
  public var size: Size { Size(width: width, height: height) }

  /// The whole buffer as a rectangle at the origin.
  public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

  /// The cell at column `x`, row `y`; `Cell.blank` outside the buffer.
  public subscript(x: Int, y: Int) -> Cell {
    guard x >= 0, x < width, y >= 0, y < height else { return .blank }
    return cells[y * width + x]
  }

  /// Writes `cell` at column `x`, row `y` if that position is inside `clip` (default: the whole
  /// buffer), keeping the invariants: a wide cell whose right half falls outside `clip` is written
  /// as a space in its style; a continuation cell passed in is ignored.
  public mutating func set(_ cell: Cell, x: Int, y: Int, clip: Rect? = nil) {
    write(cell, x: x, y: y, area: clipArea(clip))
  }

  /// Resets every cell to `Cell.blank`.
  public mutating func clear() {
    for index in cells.indices {
      cells[index] = .blank
    }
  }

  /// The buffer as text for snapshot tests: rows joined by "\n" (no final newline), continuation
  /// cells skipped (the wide character before them stands for both columns), and trailing spaces
  /// of each row trimmed.
  public var text: String { text(trimmingTrailingSpaces: true) }

  /// The buffer as text, rows joined by "\n"; with `trimmingTrailingSpaces` false each row keeps
  /// its full width.
  public func text(trimmingTrailingSpaces: Bool) -> String {
    var result = ""
    for y in 0..<height {
      var row = ""
      for x in 0..<width {
        let cell = cells[y * width + x]
        if !cell.isContinuation { row.append(cell.character) }
      }
      if trimmingTrailingSpaces {
        while row.last == " " { row.removeLast() }
      }
      if y > 0 { result.append("\n") }
      result.append(row)
    }
    return result
  }

  /// `clip` (or the whole buffer) intersected with the buffer's bounds.
  func clipArea(_ clip: Rect?) -> Rect {
    guard let clip else { return bounds }
    return clip.intersection(bounds)
  }

  /// Writes `cell` at (x, y) if inside `area` (already within bounds), keeping the invariants.
  mutating func write(_ cell: Cell, x: Int, y: Int, area: Rect) {
    guard !cell.isContinuation, area.contains(x: x, y: y) else { return }
    var cell = cell
    if cell.width == 2 && x + 1 >= area.maxX {
      cell = Cell(" ", style: cell.style)
    }
    let row = y * width
    let last = x + cell.width - 1
    // Overwriting the right half of a wide character blanks its left half.
    if cells[row + x].isContinuation && x > 0 {
      cells[row + x - 1] = Cell(" ", style: cells[row + x - 1].style)
    }
    // Overwriting the left half of a wide character blanks its right half.
    if cells[row + last].width == 2 && last + 1 < width {
      cells[row + last + 1] = Cell(" ", style: cells[row + last + 1].style)
    }
    cells[row + x] = cell
    if cell.width == 2 {
      cells[row + x + 1] = .continuation(cell.style)
    }
  }
}
