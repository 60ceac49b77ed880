import CWidth

/// The number of terminal columns `character` (one grapheme cluster) occupies: 0, 1 or 2.
///
/// Policy, in order:
/// 1. control characters (C0, DEL, C1, and clusters such as CR LF that start with one) → 0;
/// 2. the cluster contains VS15 (U+FE0E, text presentation) → 1;
/// 3. the first scalar has Emoji_Presentation (🍊, regional-indicator flags 🇯🇵) → 2;
/// 4. the first scalar is an emoji above U+00FF and the cluster has VS16 (U+FE0F) or a ZWJ → 2;
/// 5. otherwise `wcwidth` of the first scalar (combining marks join the cluster and add nothing;
///    a printable scalar `wcwidth` doesn't know counts as 1).
///
/// Widths are never summed over scalars: 👨‍👩‍👧 and 👍🏽 are 2 columns each.
/// The first call switches LC_CTYPE to a UTF-8 locale if it isn't one (see `kumiki_ensure_utf8_locale`).
public func displayWidth(of character: Character) -> Int {
  ClusterMetrics(character).width
}

/// The number of terminal columns `text` occupies: the sum of `displayWidth(of:)` over its characters.
public func displayWidth(of text: some StringProtocol) -> Int {
  var total = 0
  for character in text {
    total += ClusterMetrics(character).width
  }
  return total
}

/// What the buffer and renderer need to know about one grapheme cluster.
struct ClusterMetrics {
  /// Columns per the width policy (0, 1 or 2).
  let width: Int
  /// The cluster starts with a control character (it must never reach a cell).
  let isControl: Bool
  /// Terminals may disagree about this cluster's width (emoji, flags, variation selectors,
  /// combining sequences): the renderer re-positions the cursor absolutely after it.
  let needsResync: Bool

  init(width: Int, isControl: Bool, needsResync: Bool) {
    self.width = width
    self.isControl = isControl
    self.needsResync = needsResync
  }

  init(_ character: Character) {
    let scalars = character.unicodeScalars
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else {
      self.init(width: 0, isControl: false, needsResync: false)
      return
    }
    let value = first.value
    guard let second = iterator.next() else {
      // Single scalar: the common case.
      if value >= 0x20 && value < 0x7F {
        self.init(width: 1, isControl: false, needsResync: false)
      } else if value < 0x20 || (value >= 0x7F && value <= 0x9F) {
        self.init(width: 0, isControl: true, needsResync: false)
      } else if first.properties.isEmojiPresentation {
        self.init(width: 2, isControl: false, needsResync: true)
      } else {
        let isEmoji = value > 0xFF && first.properties.isEmoji
        self.init(width: scalarWidth(first), isControl: false, needsResync: isEmoji)
      }
      return
    }
    if value < 0x20 || (value >= 0x7F && value <= 0x9F) {
      self.init(width: 0, isControl: true, needsResync: false)
      return
    }
    var hasVS15 = false
    var hasVS16OrZWJ = false
    var next: Unicode.Scalar? = second
    while let scalar = next {
      switch scalar.value {
      case 0xFE0E: hasVS15 = true
      case 0xFE0F, 0x200D: hasVS16OrZWJ = true
      default: break
      }
      next = iterator.next()
    }
    let width: Int
    if hasVS15 {
      width = 1
    } else if first.properties.isEmojiPresentation {
      width = 2
    } else if hasVS16OrZWJ && value > 0xFF && first.properties.isEmoji {
      width = 2
    } else {
      width = scalarWidth(first)
    }
    self.init(width: width, isControl: false, needsResync: true)
  }
}

/// Set once, on first use: glibc's wcwidth answers -1 for all non-ASCII outside a UTF-8 locale.
private let utf8LocaleActive: Bool = kumiki_ensure_utf8_locale() == 1

/// Width of one printable, non-ASCII scalar: `wcwidth`, clamped to 0...2, with a small built-in
/// table when no UTF-8 locale could be activated.
private func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
  if utf8LocaleActive {
    let width = Int(kumiki_wcwidth(scalar.value))
    if width >= 0 { return min(width, 2) }
  }
  switch scalar.properties.generalCategory {
  case .nonspacingMark, .enclosingMark, .format: return 0
  default: break
  }
  if utf8LocaleActive { return 1 }
  switch scalar.value {
  case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
    0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
    return 2
  default:
    return 1
  }
}
