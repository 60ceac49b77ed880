/// Turns buffers into the bytes that bring the terminal from the previous frame to the next.
///
/// Pure: it only computes bytes (a `TerminalWriter` writes them, one `write(2)` per frame). Per frame:
/// - output is wrapped in synchronized output (`CSI ?2026h` … `CSI ?2026l`); a frame with no
///   change produces no bytes at all;
/// - only changed cells are written; a gap of at most 4 unchanged cells on the same row is
///   rewritten rather than jumped over with a cursor move (CUP);
/// - SGR is emitted only when the style changes (one `CSI 0;…m` that sets the whole style);
/// - after a cluster that is not plain ASCII or CJK (emoji, flags, variation selectors, combining
///   sequences) the next write is positioned absolutely, so a terminal that disagrees about its
///   width cannot shift the rest of the row;
/// - the first frame, a frame of another size, and the frame after `invalidate()` repaint fully:
///   `CSI 0m CSI 2J`, then every non-blank cell.
///
/// It assumes it owns the screen: the cursor hidden when the session starts (`CSI ?25l`) and no
/// one else writing in between (call `invalidate()` if someone did; the next frame then also
/// re-states the cursor's visibility).
public struct Renderer: Sendable {
  /// The last frame rendered; nil before the first and after `invalidate()`.
  public private(set) var previous: Buffer?
  /// The terminal's current SGR state as far as the renderer knows; nil when unknown.
  private var pen: Style?
  /// Whether the cursor is shown; nil when unknown (after `invalidate()`).
  private var cursorVisible: Bool? = false
  /// Where the terminal's cursor is, when known.
  private var cursorPosition: Point?

  /// Creates a renderer whose first frame is a full repaint.
  public init() {}

  /// Forces the next frame to repaint the whole screen (use on resize, Ctrl-L, after resuming
  /// from suspension, or after anything else wrote to the terminal).
  public mutating func invalidate() {
    previous = nil
    pen = nil
    cursorPosition = nil
    cursorVisible = nil
  }

  /// The bytes for `next`; see `render(_:cursor:into:)`.
  public mutating func render(_ next: Buffer, cursor: Point? = nil) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(previous == nil ? next.width * next.height * 2 + 64 : 256)
    render(next, cursor: cursor, into: &output)
    return output
  }

  /// Appends to `output` the bytes that turn the screen showing the previous frame into `next`,
  /// then remembers `next`. With a `cursor` inside the buffer, the cursor ends there and is shown;
  /// without one it is hidden. Reuse `output` (with `removeAll(keepingCapacity: true)`) across
  /// frames to avoid allocation.
  public mutating func render(_ next: Buffer, cursor: Point? = nil, into output: inout [UInt8]) {
    let start = output.count
    output.appendASCII("\u{1B}[?2026h")
    let bodyStart = output.count
    let width = next.width
    let full = previous.map { $0.width != width || $0.height != next.height } ?? true
    if full {
      output.appendASCII("\u{1B}[0m\u{1B}[2J")
      pen = .plain
    }
    var state = WriteState(pen: pen)
    if !full, let cursorPosition {
      state.cursorKnown = true
      state.cursorX = cursorPosition.x
      state.cursorY = cursorPosition.y
    }
    let blank = Cell.blank
    next.cells.withUnsafeBufferPointer { cells in
      let old = full ? nil : previous?.cells
      old.withUnsafeOptionalBuffer { oldCells in
        for y in 0..<next.height {
          let row = y * width
          var x = 0
          while x < width {
            let cell = cells[row + x]
            if cell == (oldCells?[row + x] ?? blank) {
              x += 1
              continue
            }
            var target = x
            if cell.isContinuation {
              // Its wide character is unchanged but its right half isn't: redraw the pair.
              guard x > 0 else {
                x += 1
                continue
              }
              target = x - 1
            }
            state.moveTo(x: target, y: y, row: cells[row..<(row + width)], output: &output)
            let written = cells[row + target]
            state.put(written, output: &output)
            x = target + max(1, written.width)
          }
        }
      }
    }
    pen = state.pen
    if let cursor, cursor.x >= 0, cursor.x < width, cursor.y >= 0, cursor.y < next.height {
      if !(state.cursorKnown && state.cursorX == cursor.x && state.cursorY == cursor.y) {
        output.appendCursorPosition(x: cursor.x, y: cursor.y)
        state.cursorKnown = true
        state.cursorX = cursor.x
        state.cursorY = cursor.y
      }
      if cursorVisible != true { output.appendASCII("\u{1B}[?25h") }
      cursorVisible = true
    } else if cursorVisible != false {
      output.appendASCII("\u{1B}[?25l")
      cursorVisible = false
    }
    cursorPosition = state.cursorKnown ? Point(x: state.cursorX, y: state.cursorY) : nil
    previous = next
    if output.count == bodyStart {
      output.removeSubrange(start...)
    } else {
      output.appendASCII("\u{1B}[?2026l")
    }
  }
}

/// The renderer's model of the terminal while it writes one frame.
private struct WriteState {
  /// Current SGR style; nil when unknown.
  var pen: Style?
  var cursorKnown = false
  var cursorX = 0
  var cursorY = 0

  init(pen: Style?) {
    self.pen = pen
  }

  /// Most unchanged cells rewritten instead of a cursor jump.
  static let maxRewrite = 4

  /// Positions the cursor at (x, y): nothing if it is there, rewriting a short gap of `row`
  /// (the next frame's row y) when that is safe, CUP otherwise.
  @inline(__always)
  mutating func moveTo(x: Int, y: Int, row: Slice<UnsafeBufferPointer<Cell>>, output: inout [UInt8]) {
    if cursorKnown && cursorY == y {
      if cursorX == x { return }
      if cursorX < x && x - cursorX <= Self.maxRewrite {
        let base = row.startIndex
        var rewritable = !row[base + cursorX].isContinuation
        for column in cursorX..<x where row[base + column].needsResync {
          rewritable = false
        }
        if rewritable {
          var column = cursorX
          while column < x {
            let cell = row[base + column]
            if !cell.isContinuation { put(cell, output: &output) }
            column += 1
          }
          if cursorKnown && cursorX == x { return }
        }
      }
    }
    output.appendCursorPosition(x: x, y: y)
    cursorKnown = true
    cursorX = x
    cursorY = y
  }

  /// Writes `cell` at the cursor (SGR first if its style differs) and advances the cursor model.
  @inline(__always)
  mutating func put(_ cell: Cell, output: inout [UInt8]) {
    if pen != cell.style {
      output.appendSGR(cell.style)
      pen = cell.style
    }
    let character = cell.character
    if let ascii = character.asciiValue {
      output.append(ascii)
    } else {
      output.append(contentsOf: character.utf8)
    }
    cursorX += max(1, cell.width)
    if cell.needsResync { cursorKnown = false }
  }
}

extension Optional where Wrapped == [Cell] {
  /// Calls `body` with the array's buffer, or nil.
  @inline(__always)
  fileprivate func withUnsafeOptionalBuffer<R>(_ body: (UnsafeBufferPointer<Cell>?) -> R) -> R {
    switch self {
    case .some(let array): array.withUnsafeBufferPointer { body($0) }
    case .none: body(nil)
    }
  }
}
