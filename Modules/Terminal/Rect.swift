/// An axis-aligned rectangle of cells: columns `x ..< maxX`, rows `y ..< maxY`.
///
/// Negative widths and heights are clamped to zero; edges saturate instead of overflowing, so any
/// `Int` values are safe to pass.
public struct Rect: Hashable, Sendable {
  /// Leftmost column.
  public let x: Int
  /// Top row.
  public let y: Int
  /// Number of columns, never negative.
  public let width: Int
  /// Number of rows, never negative.
  public let height: Int

  /// Creates a rectangle; negative `width`/`height` become 0.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// Creates the rectangle at `origin` with `size`.
  public init(origin: Point, size: Size) {
    self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
  }

  /// Leftmost column (inclusive).
  public var minX: Int { x }
  /// Top row (inclusive).
  public var minY: Int { y }
  /// One past the rightmost column (exclusive), saturating at `Int.max`.
  public var maxX: Int { saturatingAdd(x, width) }
  /// One past the bottom row (exclusive), saturating at `Int.max`.
  public var maxY: Int { saturatingAdd(y, height) }
  /// True when the rectangle holds no cell.
  public var isEmpty: Bool { width == 0 || height == 0 || maxX <= minX || maxY <= minY }

  /// True when column `x`, row `y` lies inside.
  public func contains(x: Int, y: Int) -> Bool {
    x >= minX && x < maxX && y >= minY && y < maxY
  }

  /// The cells both rectangles share (empty, at the clamped origin, when they don't overlap).
  public func intersection(_ other: Rect) -> Rect {
    let left = max(minX, other.minX)
    let top = max(minY, other.minY)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return Rect(x: left, y: top, width: right > left ? right - left : 0, height: bottom > top ? bottom - top : 0)
  }

  /// The rectangle shrunk by `amount` cells on every side (empty when that leaves nothing).
  public func insetBy(_ amount: Int) -> Rect {
    let amount = max(0, amount)
    let twice = saturatingAdd(amount, amount)
    return Rect(
      x: saturatingAdd(x, amount), y: saturatingAdd(y, amount),
      width: width > twice ? width - twice : 0, height: height > twice ? height - twice : 0)
  }
}

/// `a + b`, clamped to `Int.min ... Int.max` instead of trapping.
@inline(__always)
func saturatingAdd(_ a: Int, _ b: Int) -> Int {
  let (sum, overflow) = a.addingReportingOverflow(b)
  return overflow ? (b > 0 ? Int.max : Int.min) : sum
}
