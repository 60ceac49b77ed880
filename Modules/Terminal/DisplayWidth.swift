import CWidth

/// The number of terminal columns `character` (one grapheme cluster) occupies as a cell draws it: 0, 1 or 2.
///
/// A cell draws a cluster's base and its combining marks, not what terminals disagree on: a zero-width joiner and
/// everything it joins, a zero-width non-joiner, variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF), emoji
/// skin-tone modifiers (U+1F3FB–U+1F3FF) after a base and tag characters (U+E0020–U+E007F) are left out (the cell
/// holds the rest: `Cell.character`).
/// tmux 3.3, for one, joins whatever follows a ZWJ into the cell before it (`あ‍い` in two columns), draws 👍🏽 in
/// four and ❤️ in one: sending them would shift the rest of the row. So 👨‍👩‍👧 is drawn 👨, 👍🏽 👍, ❤️ ❤.
///
/// Policy on what is drawn, in order:
/// 1. control characters (C0, DEL, C1, and clusters such as CR LF that start with one) → 0;
/// 2. nothing left to draw (a lone joiner or selector) → 0;
/// 3. the first scalar has Emoji_Presentation (🍊, regional-indicator flags 🇯🇵) → 2;
/// 4. otherwise `wcwidth` of the first scalar (combining marks join the cluster and add nothing;
///    a printable scalar `wcwidth` doesn't know counts as 1).
///
/// Widths are never summed over scalars: 👨‍👩‍👧 and 👍🏽 are 2 columns each.
/// The first call switches LC_CTYPE to a UTF-8 locale if it isn't one (see `kumiki_ensure_utf8_locale`).
public func displayWidth(of character: Character) -> Int {
  ClusterMetrics(character).width
}

/// The number of terminal columns `text` occupies: the sum of `displayWidth(of:)` over its characters.
public func displayWidth(of text: some StringProtocol) -> Int {
  // Printable ASCII (most of what the apps print: help, tables, JSON keys) is one column a byte, one cluster each.
  if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
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
  /// Terminals may disagree about this cluster's width (emoji, flags, combining sequences): the renderer
  /// re-positions the cursor absolutely after it.
  let needsResync: Bool
  /// What a cell draws instead of the cluster, when that differs (joiners, selectors, modifiers or tags left out);
  /// `nil`: the cluster as it is.
  let drawn: Character?

  init(width: Int, isControl: Bool, needsResync: Bool, drawn: Character? = nil) {
    self.width = width
    self.isControl = isControl
    self.needsResync = needsResync
    self.drawn = drawn
  }

  init(_ character: Character) {
    let scalars = character.unicodeScalars
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else {
      self.init(width: 0, isControl: false, needsResync: false)
      return
    }
    let value = first.value
    guard iterator.next() != nil else {
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
    // The scalars drawn: up to a joiner, without selectors, modifiers and tags.
    var kept = String.UnicodeScalarView()
    var leftOut = false
    for scalar in scalars {
      if scalar.value == 0x200D {
        leftOut = true
        break
      }
      if Self.isLeftOut(scalar) {
        leftOut = true
      } else {
        kept.append(scalar)
      }
    }
    guard let base = kept.first else {
      self.init(width: 0, isControl: false, needsResync: false)
      return
    }
    let drawn: Character? = leftOut ? Character(String(kept)) : nil
    if kept.count == 1 {
      let single = ClusterMetrics(Character(base))
      self.init(width: single.width, isControl: false, needsResync: true, drawn: drawn)
      return
    }
    let width = base.properties.isEmojiPresentation ? 2 : scalarWidth(base)
    self.init(width: width, isControl: false, needsResync: true, drawn: drawn)
  }

  /// Scalars a cell never draws: the zero-width non-joiner, variation selectors, emoji modifiers, tags (and the
  /// joiner, which also ends what is drawn).
  static func isLeftOut(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200C, 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF: return true
    default: return false
    }
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
