import CoreTesting
import Testing

@testable import Terminal

@Suite("Input decoder")
struct InputDecoderTests {
  func decode(_ chunks: String...) -> [InputEvent] {
    var decoder = InputDecoder()
    return chunks.flatMap { decoder.feed(Array($0.utf8)) }
  }

  func key(_ key: Key, _ modifiers: KeyModifiers = []) -> InputEvent {
    .key(KeyEvent(key, modifiers: modifiers))
  }

  func chars(_ text: String) -> [InputEvent] {
    text.map { key(.character($0)) }
  }

  @Test("printable text, one event per character")
  func text() {
    #expect(decode("hi 日本🍊") == chars("hi 日本🍊"))
    #expect(decode("👨‍👩‍👧") == [key(.character("👨‍👩‍👧"))])
  }

  @Test("UTF-8 split across chunks is reassembled")
  func splitUTF8() {
    var decoder = InputDecoder()
    let bytes = Array("日🍊".utf8)  // E6 97 A5 F0 9F 8D 8A
    #expect(decoder.feed(bytes[0..<1]).isEmpty)
    #expect(decoder.feed(bytes[1..<4]) == [key(.character("日"))])
    #expect(!decoder.hasPendingEscape)
    #expect(decoder.feed(bytes[4..<6]).isEmpty)
    #expect(decoder.feed(bytes[6...]) == [key(.character("🍊"))])
  }

  @Test("Enter, Tab, Backspace, Shift-Tab")
  func basicKeys() {
    #expect(decode("\r") == [key(.enter)])
    #expect(decode("\t") == [key(.tab)])
    #expect(decode("\u{7F}") == [key(.backspace)])
    #expect(decode("\(esc)[Z") == [key(.tab, .shift)])
  }

  @Test("Ctrl-letters arrive as lower-case letters with .control")
  func controlLetters() {
    #expect(
      decode("\u{1}\u{3}\u{1A}") == [
        key(.character("a"), .control), key(.character("c"), .control), key(.character("z"), .control),
      ])
    #expect(decode("\u{0}") == [key(.character(" "), .control)])
    #expect(decode("\u{1F}") == [key(.character("_"), .control)])
  }

  @Test(
    "CSI and SS3 keys",
    arguments: [
      ("[A", Key.up), ("[B", .down), ("[C", .right), ("[D", .left), ("[H", .home), ("[F", .end),
      ("OA", .up), ("OD", .left), ("OH", .home), ("OF", .end), ("OP", .function(1)), ("OS", .function(4)),
      ("[1~", .home), ("[2~", .insert), ("[3~", .delete), ("[4~", .end), ("[5~", .pageUp), ("[6~", .pageDown),
      ("[11~", .function(1)), ("[15~", .function(5)), ("[17~", .function(6)), ("[21~", .function(10)),
      ("[23~", .function(11)), ("[24~", .function(12)),
    ])
  func csiKeys(sequence: String, expected: Key) {
    #expect(decode(esc + sequence) == [key(expected)])
  }

  @Test("xterm modifiers")
  func modifiers() {
    #expect(decode("\(esc)[1;5A") == [key(.up, .control)])
    #expect(decode("\(esc)[1;2C") == [key(.right, .shift)])
    #expect(decode("\(esc)[1;3D") == [key(.left, .alt)])
    #expect(decode("\(esc)[1;8H") == [key(.home, [.shift, .alt, .control])])
    #expect(decode("\(esc)[3;5~") == [key(.delete, .control)])
    #expect(decode("\(esc)[1;5P") == [key(.function(1), .control)])
    #expect(decode("\(esc)[97;5u") == [key(.character("a"), .control)])
  }

  @Test("Alt+key is an ESC prefix")
  func alt() {
    #expect(decode("\(esc)x") == [key(.character("x"), .alt)])
    #expect(decode("\(esc)X") == [key(.character("X"), .alt)])
    #expect(decode("\(esc)\u{7F}") == [key(.backspace, .alt)])
    #expect(decode("\(esc)\r") == [key(.enter, .alt)])
    #expect(decode("\(esc)é") == [key(.character("é"), .alt)])
    #expect(decode("\(esc)\(esc)[A") == [key(.escape), key(.up)])
  }

  @Test("a lone ESC stays pending until flushed as Escape")
  func loneEscape() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.hasPendingEscape)
    #expect(decoder.flushPendingEscape() == [key(.escape)])
    #expect(!decoder.hasPendingEscape)
    #expect(decoder.flushPendingEscape().isEmpty)
    #expect(decoder.feed(Array("a".utf8)) == [key(.character("a"))])
  }

  @Test("an escape sequence split across chunks completes; a truncated one flushes sensibly")
  func splitEscape() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.feed(Array("[1;".utf8)).isEmpty)
    #expect(decoder.hasPendingEscape)
    #expect(decoder.feed(Array("5A".utf8)) == [key(.up, .control)])
    #expect(decoder.feed(Array("\(esc)[".utf8)).isEmpty)
    #expect(decoder.flushPendingEscape() == [key(.character("["), .alt)])
    #expect(decoder.feed(Array("\(esc)[1;".utf8)).isEmpty)
    #expect(decoder.flushPendingEscape().isEmpty)
  }

  @Test("SGR mouse")
  func mouse() {
    #expect(decode("\(esc)[<0;10;5M") == [.mouse(MouseEvent(kind: .press, button: .left, x: 9, y: 4))])
    #expect(decode("\(esc)[<0;10;5m") == [.mouse(MouseEvent(kind: .release, button: .left, x: 9, y: 4))])
    #expect(decode("\(esc)[<2;1;1M") == [.mouse(MouseEvent(kind: .press, button: .right, x: 0, y: 0))])
    #expect(decode("\(esc)[<32;3;4M") == [.mouse(MouseEvent(kind: .drag, button: .left, x: 2, y: 3))])
    #expect(decode("\(esc)[<35;3;4M") == [.mouse(MouseEvent(kind: .move, button: .none, x: 2, y: 3))])
    #expect(decode("\(esc)[<64;7;8M") == [.mouse(MouseEvent(kind: .scrollUp, button: .none, x: 6, y: 7))])
    #expect(decode("\(esc)[<65;7;8M") == [.mouse(MouseEvent(kind: .scrollDown, button: .none, x: 6, y: 7))])
    #expect(
      decode("\(esc)[<16;2;2M")
        == [.mouse(MouseEvent(kind: .press, button: .left, x: 1, y: 1, modifiers: .control))])
    #expect(decode("\(esc)[<0;10M").isEmpty)
  }

  @Test("bracketed paste arrives as one event, even across chunks")
  func paste() {
    #expect(decode("\(esc)[200~hello\r\nworld\(esc)[201~x") == [.paste("hello\nworld"), key(.character("x"))])
    let events = decode("a\(esc)[20", "0~pasted \(esc)[A te", "xt 日", "本\(esc)[2", "01~", "b")
    #expect(events == [key(.character("a")), .paste("pasted \(esc)[A text 日本"), key(.character("b"))])
  }

  @Test("a paste in progress is never flushed as Escape")
  func pasteNotFlushed() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\(esc)[200~abc\(esc)".utf8)).isEmpty)
    #expect(!decoder.hasPendingEscape)
    #expect(decoder.flushPendingEscape().isEmpty)
    #expect(decoder.feed(Array("[201~".utf8)) == [.paste("abc")])
  }

  @Test("unknown sequences, replies and invalid UTF-8 are dropped")
  func dropped() {
    #expect(decode("\(esc)[?1;2c") == [])
    #expect(decode("\(esc)[99~a") == [key(.character("a"))])
    #expect(decode("\(esc)[1$x") == [])
    var decoder = InputDecoder()
    #expect(decoder.feed([0xFF, 0x61, 0xC3, 0x28, 0xED, 0xA0, 0x80, 0x62]) == chars("a(b"))
    #expect(decoder.feed([0xC2, 0x9B]).isEmpty)  // C1 CSI encoded in UTF-8 is not text
  }

  @Test("arbitrary bytes never crash the decoder", arguments: 0..<32)
  func fuzz(seed: Int) {
    var generator = SplitMix64(seed: UInt64(seed))
    var decoder = InputDecoder()
    let alphabet: [UInt8] = [0x1B, 0x5B, 0x4F, 0x3C, 0x3B, 0x7E, 0x32, 0x30, 0x31, 0x4D, 0x6D, 0xF0, 0x9F, 0xC3, 0x80]
    for _ in 0..<200 {
      let count = Int.random(in: 0...16, using: &generator)
      let chunk = (0..<count).map { _ in
        Bool.random(using: &generator)
          ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
      }
      _ = decoder.feed(chunk)
      if Int.random(in: 0..<4, using: &generator) == 0 { _ = decoder.flushPendingEscape() }
    }
    _ = decoder.feed(Array("\(esc)[201~".utf8))
    #expect(decoder.feed(Array("\(esc)[201~z".utf8)).last == key(.character("z")))
  }

  @Test("an overlong unterminated sequence is dropped instead of growing forever")
  func overlong() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\(esc)[".utf8) + Array(repeating: UInt8(0x31), count: 100)).isEmpty)
    #expect(!decoder.hasPendingEscape)
    #expect(decoder.feed(Array("a".utf8)) == [key(.character("a"))])
  }
}
