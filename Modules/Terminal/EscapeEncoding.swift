/// Appends control sequences to a byte array without allocating intermediate strings.
extension Array where Element == UInt8 {
  /// Appends the ASCII bytes of a static string.
  @inline(__always)
  mutating func appendASCII(_ string: StaticString) {
    string.withUTF8Buffer { append(contentsOf: $0) }
  }

  /// Appends `value` (>= 0) in decimal.
  @inline(__always)
  mutating func appendDecimal(_ value: Int) {
    if value < 10 {
      append(UInt8(truncatingIfNeeded: value) &+ 0x30)
      return
    }
    if value < 100 {
      append(UInt8(truncatingIfNeeded: value / 10) &+ 0x30)
      append(UInt8(truncatingIfNeeded: value % 10) &+ 0x30)
      return
    }
    var divisor = 100
    while divisor <= value / 10 { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      append(UInt8(truncatingIfNeeded: rest / divisor) &+ 0x30)
      rest %= divisor
      divisor /= 10
    }
  }

  /// Appends CUP (`ESC [ row ; column H`, 1-based) for zero-based `x`, `y`; `ESC [ row H` in column 0.
  @inline(__always)
  mutating func appendCursorPosition(x: Int, y: Int) {
    append(0x1B)
    append(0x5B)
    appendDecimal(y + 1)
    if x > 0 {
      append(0x3B)
      appendDecimal(x + 1)
    }
    append(0x48)
  }

  /// Appends one SGR sequence that resets and then sets exactly `style` (`ESC [ 0 ; … m`).
  mutating func appendSGR(_ style: Style) {
    appendASCII("\u{1B}[0")
    let attributes = style.attributes
    if attributes.contains(.bold) { appendASCII(";1") }
    if attributes.contains(.dim) { appendASCII(";2") }
    if attributes.contains(.italic) { appendASCII(";3") }
    if attributes.contains(.underline) { appendASCII(";4") }
    if attributes.contains(.reverse) { appendASCII(";7") }
    if let foreground = style.foreground { appendColor(foreground, base: 30) }
    if let background = style.background { appendColor(background, base: 40) }
    append(0x6D)
  }

  /// Appends `;` and the SGR parameters of `color` as a foreground (`base` 30) or background (40).
  private mutating func appendColor(_ color: Color, base: Int) {
    append(0x3B)
    switch color {
    case .indexed(let index):
      appendDecimal(base + 8)
      appendASCII(";5;")
      appendDecimal(Int(index))
    case .rgb(let red, let green, let blue):
      appendDecimal(base + 8)
      appendASCII(";2;")
      appendDecimal(Int(red))
      append(0x3B)
      appendDecimal(Int(green))
      append(0x3B)
      appendDecimal(Int(blue))
    default:
      let index = color.ansiIndex ?? 7
      appendDecimal(index < 8 ? base + index : base + 60 + index - 8)
    }
  }
}
