import Terminal

/// A tall, growable drawing surface for content that may be scrolled: drawing operations recorded with virtual
/// row numbers, replayed into a ``Terminal/Buffer`` window by ``blit(into:area:scroll:)``. Replaying through
/// `Buffer.put` keeps the buffer's invariants (clipping, wide characters never split).
struct Canvas {
  /// One text run, clipped to the columns `clip` (canvas coordinates).
  struct Run {
    var x: Int
    var y: Int
    var text: String
    var style: Style
    var clip: Range<Int>
  }

  /// Columns available.
  let width: Int
  /// Recorded runs.
  private(set) var runs: [Run] = []
  /// Rows used so far.
  var height = 0
  /// Rows covered by each focus index.
  var focusRows: [Int: Range<Int>] = [:]
  /// Cells covered by each focus index (for mouse clicks).
  var focusRects: [(index: Int, rect: Rect)] = []
  /// Where the text cursor goes (the edited field), in canvas coordinates.
  var cursor: Point?

  init(width: Int) {
    self.width = max(0, width)
  }

  /// Records `text` at (x, y), clipped to `clip` (default: the canvas width). Returns the column after it.
  @discardableResult
  mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, clip: Range<Int>? = nil) -> Int {
    let clip = clip.map { max(0, $0.lowerBound)..<min(width, max($0.lowerBound, $0.upperBound)) } ?? 0..<width
    if !text.isEmpty { runs.append(Run(x: x, y: y, text: text, style: style, clip: clip)) }
    height = max(height, y + 1)
    return x + displayWidth(of: text)
  }

  /// Records a box border.
  mutating func box(_ rect: Rect, style: Style, horizontal: Character = "-", clip: Range<Int>? = nil) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let edge = "+" + String(repeating: horizontal, count: rect.width - 2) + "+"
    put(edge, x: rect.x, y: rect.y, style: style, clip: clip)
    for row in (rect.y + 1)..<(rect.maxY - 1) {
      put("|", x: rect.x, y: row, style: style, clip: clip)
      put("|", x: rect.maxX - 1, y: row, style: style, clip: clip)
    }
    put(edge, x: rect.x, y: rect.maxY - 1, style: style, clip: clip)
  }

  /// Notes that focus index `index` covers `rect`.
  mutating func noteFocus(_ index: Int, rect: Rect) {
    let rows = rect.y..<rect.maxY
    if let existing = focusRows[index] {
      focusRows[index] = min(existing.lowerBound, rows.lowerBound)..<max(existing.upperBound, rows.upperBound)
    } else {
      focusRows[index] = rows
    }
    focusRects.append((index, rect))
  }

  /// Draws rows `scroll ..< scroll + area.height` into `buffer` at `area`.
  func blit(into buffer: inout Buffer, area: Rect, scroll: Int) {
    for run in runs where run.y >= scroll && run.y < scroll + area.height {
      let clip = Rect(
        x: area.x + run.clip.lowerBound, y: area.y, width: run.clip.count, height: area.height
      ).intersection(area)
      buffer.put(run.text, x: area.x + run.x, y: area.y + run.y - scroll, style: run.style, clip: clip)
    }
  }

  /// The scroll offset that keeps focus index `focus` visible in a window of `rows` rows, starting from
  /// `previous`.
  func scrollOffset(showing focus: Int?, rows: Int, previous: Int) -> Int {
    var offset = previous
    if let focus, let range = focusRows[focus] {
      if range.upperBound > offset + rows { offset = range.upperBound - rows }
      if range.lowerBound < offset { offset = range.lowerBound }
    }
    return min(max(0, offset), max(0, height - rows))
  }
}
