import CompositionRootTesting
import Foundation

/// Reading a `kumiki-tui` screen captured from tmux without knowing its features: the tab bar (row 0, the selected
/// tab underlined with `=` on row 1), the status bar (the last row) and the body between them.
enum TUIScreenText {
  /// The screen's last line: the status bar.
  static func statusBar(_ screen: String) -> String {
    screen.split(separator: "\n").last.map(String.init) ?? ""
  }

  /// The selected tab's label (`2 Title`), found under the `=` of row 1; `nil` when there is no tab bar.
  static func selectedTab(_ screen: String) -> String? {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count > 2, let start = lines[1].firstIndex(of: "=") else { return nil }
    let column = lines[1].distance(from: lines[1].startIndex, to: start)
    let length = lines[1][start...].prefix { $0 == "=" }.count
    var label = ""
    var x = 0
    for character in lines[0] {
      let width = displayWidth(character)
      if x >= column && x + width <= column + length { label.append(character) }
      x += width
    }
    return label.trimmingCharacters(in: .whitespaces)
  }

  /// The body's lines (between the tab bar's rule and the status bar), trimmed, without empty ones and without the
  /// scrollbar in the last column (`#`, `^`, `v`: it moves when the content's height changes).
  static func body(_ screen: String) -> [String] {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count > 3 else { return [] }
    let width = lines[1].count  // the tab bar's rule spans the screen
    return lines[2..<(lines.count - 1)].map { line in
      let full = line.reduce(0) { $0 + displayWidth($1) } >= width - 2  // an emoji may be counted narrow
      let text = full && ["#", "^", "v"].contains(line.last) ? String(line.dropLast()) : line
      return text.trimmingCharacters(in: .whitespaces)
    }
    .filter { !$0.isEmpty }
  }

  /// Columns a character takes in a terminal: 2 for East Asian wide ones (kana, kanji, full-width forms), else 1.
  static func displayWidth(_ character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF:
      return 2
    default: return 1
    }
  }
}

extension TmuxSession {
  /// Selects tab `index` (0-based, by its digit) and waits until it is selected, nothing loads (`ready`, or
  /// `offline` when `offline`) and the screen has stayed the same for three captures in a row. Returns that screen.
  @discardableResult
  func open(tab index: Int, of features: [CommandCatalog.Feature], offline: Bool = false) async throws -> String {
    try keys(String(index + 1))
    let label = "\(index + 1) \(features[index].title)"
    var last = ""
    var same = 0
    return try await waitFor("\(label) selected and settled") { screen in
      let settled =
        TUIScreenText.selectedTab(screen) == label
        && TUIScreenText.statusBar(screen).hasPrefix(offline ? " offline " : " ready ")
      same = settled && screen == last ? same + 1 : 0
      last = screen
      return same >= 2
    }
  }
}
