/// Decodes the bytes a terminal sends into `InputEvent`s, incrementally: feed chunks as they are
/// read; anything incomplete at the end of a chunk (a split UTF-8 character, a partial escape
/// sequence, an unfinished bracketed paste) waits for the next chunk.
///
/// Pure and deterministic: no clock. A lone ESC is ambiguous (Escape, or the start of a sequence
/// or of an Alt+key), so it stays pending; when `hasPendingEscape` is true the caller waits
/// 25–50 ms for more bytes and otherwise calls `flushPendingEscape()`.
///
/// Understood: UTF-8 text; Enter (CR), Tab, Backspace (DEL), Ctrl-letters and Ctrl-Space/\/]/^/_;
/// Alt+key as an ESC prefix; CSI and SS3 keys (arrows, Home/End, PgUp/PgDn, Insert/Delete, F1–F12)
/// with xterm modifiers (`CSI 1;5A`); Shift-Tab (`CSI Z`); `CSI code;mods u`; SGR mouse
/// (`CSI < b;x;y M/m`); bracketed paste (`CSI 200~ … CSI 201~`) as one event. Unknown or malformed
/// sequences and invalid UTF-8 are dropped. Any byte sequence is safe to feed.
public struct InputDecoder: Sendable {
  /// Bytes not yet decoded (an incomplete item at the end of the last chunk).
  private var pending: [UInt8] = []
  /// Inside a bracketed paste: bytes collected so far (plus up to 5 trailing marker candidates).
  private var paste: [UInt8]?
  /// A paste longer than this is cut (the end marker is still honoured).
  public static let maximumPasteBytes = 16 << 20
  /// Sequences longer than this without a final byte are dropped.
  static let maximumSequenceBytes = 64

  /// Creates a decoder with nothing pending.
  public init() {}

  /// True when the undecoded input starts with ESC (outside a paste): the caller should call
  /// `flushPendingEscape()` if no more bytes arrive within 25–50 ms.
  public var hasPendingEscape: Bool {
    paste == nil && pending.first == 0x1B
  }

  /// Decodes `bytes` after whatever was pending; returns the events completed by them, in order.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
    pending.append(contentsOf: bytes)
    var events: [InputEvent] = []
    decode(into: &events)
    return events
  }

  /// Resolves a pending ESC as the user meant it when no more bytes came: ESC alone → Escape;
  /// `ESC [` / `ESC O` → Alt+[ / Alt+O; anything else pending after ESC (a truncated sequence) is
  /// dropped. Returns no events when nothing is pending.
  public mutating func flushPendingEscape() -> [InputEvent] {
    guard hasPendingEscape else { return [] }
    defer { pending.removeAll() }
    if pending.count == 1 { return [.key(KeyEvent(.escape))] }
    if pending.count == 2 && (pending[1] == 0x5B || pending[1] == 0x4F) {
      return [.key(KeyEvent(.character(Character(Unicode.Scalar(pending[1]))), modifiers: .alt))]
    }
    return []
  }

  // MARK: - Decoding

  /// The outcome of decoding one item at a position.
  private enum Step {
    /// `length` bytes consumed, producing `event` (nil: ignored input).
    case consumed(Int, InputEvent?)
    /// The item continues beyond the available bytes.
    case incomplete
  }

  private mutating func decode(into events: inout [InputEvent]) {
    var index = 0
    var text = String.UnicodeScalarView()
    func flushText() {
      guard !text.isEmpty else { return }
      for character in String(text) {
        events.append(.key(KeyEvent(.character(character))))
      }
      text.removeAll()
    }
    while true {
      if paste != nil {
        flushText()
        guard collectPaste(from: index, into: &events) else {
          pending.removeAll()
          return
        }
        index = 0  // `collectPaste` left the bytes after the end marker in `pending`
        continue
      }
      guard index < pending.count else { break }
      let byte = pending[index]
      if byte >= 0x20 && byte < 0x7F {
        text.append(Unicode.Scalar(byte))
        index += 1
        continue
      }
      if byte >= 0x80 {
        switch decodeScalar(at: index) {
        case .incomplete: break
        case .consumed(let length, let scalar):
          if let scalar, scalar.value > 0x9F { text.append(scalar) }
          index += length
          continue
        }
        break
      }
      flushText()
      let step = byte == 0x1B ? decodeEscape(at: index) : .consumed(1, Self.controlKey(byte).map(InputEvent.key))
      guard case .consumed(let length, let event) = step else { break }
      index += length
      if let event { events.append(event) }
    }
    flushText()
    pending.removeFirst(min(index, pending.count))
  }

  /// Moves `pending[start...]` into the paste; when the end marker is complete, emits the paste,
  /// leaves the bytes after the marker in `pending` and returns true.
  private mutating func collectPaste(from start: Int, into events: inout [InputEvent]) -> Bool {
    guard var collected = paste else { return false }
    paste = nil
    let searchFrom = max(0, collected.count - 5)
    collected.append(contentsOf: pending[start...])
    let marker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~
    var position = searchFrom
    while position + marker.count <= collected.count {
      if collected[position] == 0x1B && collected[position..<(position + marker.count)].elementsEqual(marker) {
        pending = Array(collected[(position + marker.count)...])
        events.append(.paste(Self.pasteText(collected[..<min(position, Self.maximumPasteBytes)])))
        return true
      }
      position += 1
    }
    if collected.count > Self.maximumPasteBytes + 5 {
      collected.removeSubrange(Self.maximumPasteBytes..<(collected.count - 5))
    }
    paste = collected
    return false
  }

  private static func pasteText(_ bytes: ArraySlice<UInt8>) -> String {
    var result = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      if scalar == "\r" {
        result.append("\n")
      } else if !(scalar == "\n" && previousWasCR) {
        result.append(scalar)
      }
      previousWasCR = scalar == "\r"
    }
    return String(result)
  }

  /// The key for a C0 control byte or DEL (not ESC); nil for none.
  private static func controlKey(_ byte: UInt8) -> KeyEvent? {
    switch byte {
    case 0x0D: KeyEvent(.enter)
    case 0x09: KeyEvent(.tab)
    case 0x7F: KeyEvent(.backspace)
    case 0x00: KeyEvent(.character(" "), modifiers: .control)
    case 0x01...0x1A: KeyEvent(.character(Character(Unicode.Scalar(byte + 0x60))), modifiers: .control)
    case 0x1C...0x1F: KeyEvent(.character(Character(Unicode.Scalar(byte + 0x40))), modifiers: .control)
    default: nil
    }
  }

  /// Decodes one UTF-8 scalar starting at `index` (a byte >= 0x80). Invalid bytes consume 1 with no scalar.
  private func decodeScalar(at index: Int) -> StepScalar {
    let lead = pending[index]
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF:
      length = 2
      value = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      length = 3
      value = UInt32(lead & 0x0F)
    case 0xF0...0xF4:
      length = 4
      value = UInt32(lead & 0x07)
    default: return .consumed(1, nil)
    }
    for offset in 1..<length {
      guard index + offset < pending.count else { return .incomplete }
      let byte = pending[index + offset]
      guard byte & 0xC0 == 0x80 else { return .consumed(offset, nil) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { return .consumed(length, nil) }
    return .consumed(length, scalar)
  }

  private enum StepScalar {
    case consumed(Int, Unicode.Scalar?)
    case incomplete
  }

  /// Decodes what starts with ESC at `index`.
  private mutating func decodeEscape(at index: Int) -> Step {
    guard index + 1 < pending.count else { return .incomplete }
    let next = pending[index + 1]
    switch next {
    case 0x5B: return decodeCSI(at: index)
    case 0x4F: return decodeSS3(at: index)
    case 0x1B: return .consumed(1, .key(KeyEvent(.escape)))
    case 0x20..<0x7F:
      return .consumed(2, .key(KeyEvent(.character(Character(Unicode.Scalar(next))), modifiers: .alt)))
    case 0x80...:
      switch decodeScalar(at: index + 1) {
      case .incomplete: return .incomplete
      case .consumed(let length, let scalar):
        guard let scalar, scalar.value > 0x9F else { return .consumed(1, .key(KeyEvent(.escape))) }
        return .consumed(1 + length, .key(KeyEvent(.character(Character(scalar)), modifiers: .alt)))
      }
    default:
      guard var key = Self.controlKey(next) else { return .consumed(1, .key(KeyEvent(.escape))) }
      key.modifiers.insert(.alt)
      return .consumed(2, .key(key))
    }
  }

  /// Decodes `ESC [ params intermediates final`.
  private mutating func decodeCSI(at index: Int) -> Step {
    var position = index + 2
    let parametersStart = position
    while position < pending.count, (0x30...0x3F).contains(pending[position]) { position += 1 }
    let parametersEnd = position
    while position < pending.count, (0x20...0x2F).contains(pending[position]) { position += 1 }
    guard position < pending.count else {
      return position - index > Self.maximumSequenceBytes ? .consumed(position - index, nil) : .incomplete
    }
    let final = pending[position]
    guard (0x40...0x7E).contains(final) else {
      // Malformed: drop what was read; the offending byte is decoded afresh.
      return .consumed(position - index, nil)
    }
    let length = position + 1 - index
    guard position - index <= Self.maximumSequenceBytes else { return .consumed(length, nil) }
    guard parametersEnd == position else { return .consumed(length, nil) }  // intermediates: not a key
    let parameterBytes = pending[parametersStart..<parametersEnd]
    if parameterBytes.first == 0x3C {  // "<": SGR mouse
      guard final == 0x4D || final == 0x6D else { return .consumed(length, nil) }
      let numbers = Self.parameters(parameterBytes.dropFirst())
      return .consumed(length, Self.mouseEvent(numbers, released: final == 0x6D).map(InputEvent.mouse))
    }
    if let first = parameterBytes.first, first >= 0x3C {  // other private markers: replies, not keys
      return .consumed(length, nil)
    }
    let numbers = Self.parameters(parameterBytes)
    if final == 0x7E && numbers.first == 200 {
      paste = []
      return .consumed(length, nil)
    }
    return .consumed(length, Self.csiKey(final: final, numbers).map(InputEvent.key))
  }

  /// Decodes `ESC O [digits] final` (application-mode keys).
  private func decodeSS3(at index: Int) -> Step {
    var position = index + 2
    while position < pending.count, (0x30...0x39).contains(pending[position]) { position += 1 }
    guard position < pending.count else {
      return position - index > Self.maximumSequenceBytes ? .consumed(position - index, nil) : .incomplete
    }
    let final = pending[position]
    let modifierDigits = Self.parameters(pending[(index + 2)..<position])
    let modifiers = KeyModifiers(xtermParameter: modifierDigits.first ?? 1)
    let key: Key? =
      switch final {
      case 0x41: .up
      case 0x42: .down
      case 0x43: .right
      case 0x44: .left
      case 0x48: .home
      case 0x46: .end
      case 0x50: .function(1)
      case 0x51: .function(2)
      case 0x52: .function(3)
      case 0x53: .function(4)
      case 0x4D: .enter
      default: nil
      }
    guard (0x20...0x7E).contains(final) else { return .consumed(position - index, nil) }
    return .consumed(position + 1 - index, key.map { .key(KeyEvent($0, modifiers: modifiers)) })
  }

  /// Semicolon-separated decimal parameters; an empty or non-numeric field is 0 … clamped to 0...99_999.
  /// Sub-parameters after ":" are ignored.
  private static func parameters(_ bytes: ArraySlice<UInt8>) -> [Int] {
    var result: [Int] = []
    var current = 0
    var inSubparameter = false
    for byte in bytes {
      switch byte {
      case 0x3B:
        result.append(current)
        current = 0
        inSubparameter = false
      case 0x3A:
        inSubparameter = true
      case 0x30...0x39 where !inSubparameter:
        current = min(current * 10 + Int(byte - 0x30), 99_999)
      default:
        break
      }
    }
    result.append(current)
    return result
  }

  /// The key of `CSI numbers final`, nil for sequences that aren't keys.
  private static func csiKey(final: UInt8, _ numbers: [Int]) -> KeyEvent? {
    let modifiers = KeyModifiers(xtermParameter: numbers.count > 1 ? numbers[1] : 1)
    let key: Key
    switch final {
    case 0x41: key = .up
    case 0x42: key = .down
    case 0x43: key = .right
    case 0x44: key = .left
    case 0x48: key = .home
    case 0x46: key = .end
    case 0x50: key = .function(1)
    case 0x51: key = .function(2)
    case 0x52: key = .function(3)
    case 0x53: key = .function(4)
    case 0x5A: return KeyEvent(.tab, modifiers: modifiers.union(.shift))
    case 0x7E:
      switch numbers.first ?? 0 {
      case 1, 7: key = .home
      case 2: key = .insert
      case 3: key = .delete
      case 4, 8: key = .end
      case 5: key = .pageUp
      case 6: key = .pageDown
      case 11...15: key = .function(numbers[0] - 10)
      case 17...21: key = .function(numbers[0] - 11)
      case 23, 24: key = .function(numbers[0] - 12)
      default: return nil
      }
    case 0x75:  // CSI code ; modifiers u
      switch numbers.first ?? 0 {
      case 13: key = .enter
      case 9: key = .tab
      case 27: key = .escape
      case 127: key = .backspace
      case let code:
        guard code > 0x20, !(0x7F...0x9F).contains(code), let scalar = Unicode.Scalar(code) else { return nil }
        key = .character(Character(scalar))
      }
    default: return nil
    }
    return KeyEvent(key, modifiers: modifiers)
  }

  /// The mouse event of `CSI < b ; x ; y M/m`; nil when malformed.
  private static func mouseEvent(_ numbers: [Int], released: Bool) -> MouseEvent? {
    guard numbers.count == 3 else { return nil }
    let code = numbers[0]
    var modifiers: KeyModifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let low = code & 3
    let x = max(0, numbers[1] - 1)
    let y = max(0, numbers[2] - 1)
    if code & 64 != 0 {
      let kinds: [MouseEvent.Kind] = [.scrollUp, .scrollDown, .scrollLeft, .scrollRight]
      return MouseEvent(kind: kinds[low], button: .none, x: x, y: y, modifiers: modifiers)
    }
    let buttons: [MouseEvent.Button] = [.left, .middle, .right, .none]
    let button = code & 128 != 0 ? .none : buttons[low]
    let kind: MouseEvent.Kind
    if released {
      kind = .release
    } else if code & 32 != 0 {
      kind = button == .none ? .move : .drag
    } else {
      kind = .press
    }
    return MouseEvent(kind: kind, button: button, x: x, y: y, modifiers: modifiers)
  }
}
