/// Drawing helpers. All clip to `clip` (default: the whole buffer) and keep the buffer's invariants.
extension Buffer {
  /// Draws `text` on row `y` starting at column `x`, one cell per grapheme cluster, clipped to
  /// `clip`. Control characters are drawn as U+FFFD (sanitise with `TextSanitizer` first for a
  /// readable placeholder); other zero-width clusters (a lone combining mark, ZWSP) are skipped.
  /// A wide character crossing either edge of `clip` becomes a space on its visible half.
  /// Returns the column just past the text as if unclipped (`x` + its display width, saturating).
  @discardableResult
  public mutating func put(
    _ text: some StringProtocol, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil
  ) -> Int {
    let area = clipArea(clip)
    let rowVisible = y >= area.minY && y < area.maxY
    var column = x
    for character in text {
      let metrics = ClusterMetrics(character)
      if metrics.width == 0 && !metrics.isControl { continue }
      let cell = Cell(character, metrics: metrics, style: style)
      let cellWidth = cell.width
      if rowVisible && column < area.maxX && column > area.minX - cellWidth {
        if column >= area.minX {
          write(cell, x: column, y: y, area: area)
        } else {
          write(Cell(" ", style: style), x: area.minX, y: y, area: area)
        }
      }
      column = saturatingAdd(column, cellWidth)
    }
    return column
  }

  /// Fills `rect` (clipped to `clip` and the buffer) with `character` in `style`. A wide
  /// character tiles every other column; a leftover column at the right edge gets a space.
  public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain, clip: Rect? = nil) {
    let area = clipArea(clip).intersection(rect)
    guard !area.isEmpty else { return }
    let cell = Cell(character, style: style)
    for y in area.minY..<area.maxY {
      var x = area.minX
      while x < area.maxX {
        write(cell, x: x, y: y, area: area)
        x += cell.width
      }
    }
  }

  /// Draws the border of `rect` with `glyphs` in `style`, clipped to `clip`; the inside is left
  /// untouched. A rectangle one row high draws its top edge (top corners win).
  public mutating func drawBox(_ rect: Rect, style: Style = .plain, glyphs: BoxGlyphs = .ascii, clip: Rect? = nil) {
    guard !rect.isEmpty else { return }
    let area = clipArea(clip)
    let left = rect.minX
    let right = rect.maxX - 1
    let top = rect.minY
    let bottom = rect.maxY - 1
    let columns = rect.intersection(area)
    for x in columns.minX..<columns.maxX {
      write(Cell(glyphs.horizontal, style: style), x: x, y: top, area: area)
      write(Cell(glyphs.horizontal, style: style), x: x, y: bottom, area: area)
    }
    for y in columns.minY..<columns.maxY {
      write(Cell(glyphs.vertical, style: style), x: left, y: y, area: area)
      write(Cell(glyphs.vertical, style: style), x: right, y: y, area: area)
    }
    write(Cell(glyphs.bottomLeft, style: style), x: left, y: bottom, area: area)
    write(Cell(glyphs.bottomRight, style: style), x: right, y: bottom, area: area)
    write(Cell(glyphs.topLeft, style: style), x: left, y: top, area: area)
    write(Cell(glyphs.topRight, style: style), x: right, y: top, area: area)
  }
}
