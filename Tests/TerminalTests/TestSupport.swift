import CoreTesting

extension String {
  /// A string of `scalars` scalars biased towards the troublesome ones: controls, ESC sequences,
  /// combining marks, ZWJ, variation selectors, emoji, CJK, and arbitrary valid scalars.
  static func random(scalars count: Int, using generator: inout SplitMix64) -> String {
    let interesting: [UInt32] = [
      0x1B, 0x5B, 0x5D, 0x07, 0x0A, 0x0D, 0x00, 0x7F, 0x9B, 0x9D, 0x90, 0x301, 0x200D, 0xFE0F, 0xFE0E,
      0x1F34A, 0x1F1EF, 0x1F1F5, 0x1F44D, 0x1F3FD, 0x2764, 0x65E5, 0xAC00, 0x41, 0x20, 0x200B,
    ]
    var view = String.UnicodeScalarView()
    for _ in 0..<count {
      if Bool.random(using: &generator) {
        view.append(Unicode.Scalar(interesting.randomElement(using: &generator)!)!)
      } else {
        var scalar: Unicode.Scalar?
        while scalar == nil { scalar = Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &generator)) }
        view.append(scalar!)
      }
    }
    return String(view)
  }
}

extension Array where Element == UInt8 {
  /// The bytes as a string, for readable expectations on escape sequences.
  var text: String { String(decoding: self, as: UTF8.self) }
}

/// ESC, for building expected byte strings.
let esc = "\u{1B}"
