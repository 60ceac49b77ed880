/// Line breaking by display width for styled text: after the last space that fits, or between characters of
/// Japanese (which has no spaces) following the kinsoku rules — no line starts with closing punctuation such as
/// 。、」 and none ends with an opening bracket such as 「 — and inside a URL only after a path separator. A word or
/// URL part longer than the line is cut where it must be. Never splits a grapheme cluster. The one wrapper of both
/// front ends: the TUI's screens and the CLI's prose and table cells.
public enum TextWrap {
  /// A styled run of text.
  public typealias Run = (text: String, style: Style)

  /// Characters a line must not start with (Japanese closing punctuation, small marks, and their ASCII kin).
  public static let noLineStart: Set<Character> = [
    "。", "、", "」", "』", "）", "】", "〕", "〉", "》", "！", "？", "，", "．", "・", "：", "；", "ー", "…", "ゃ", "ゅ", "ょ",
    "っ", "ャ", "ュ", "ョ", "ッ", ")", "]", "}", ",", ".", "!", "?", ":", ";",
  ]
  /// Characters a line must not end with (opening brackets).
  public static let noLineEnd: Set<Character> = ["「", "『", "（", "【", "〔", "〈", "《", "(", "[", "{"]

  /// `runs` broken into lines of at most `width` columns (at least one line, possibly empty).
  public static func lines(_ runs: [Run], width: Int) -> [[Run]] {
    guard width > 0 else { return [] }
    let characters = runs.flatMap { run in run.text.map { ($0, run.style) } }
    let text = characters.map(\.0)
    let breaks = breakOpportunities(text)
    var lines: [[(Character, Style)]] = []
    var start = 0
    var lineWidth = 0
    var index = 0
    while index < text.count {
      let characterWidth = displayWidth(of: text[index])
      if lineWidth + characterWidth > width && index > start {
        // The last place a line may start, after this line's first character; else cut here.
        let cut = stride(from: index, to: start, by: -1).first { breaks[$0] } ?? index
        lines.append(Array(characters[start..<cut]))
        start = cut
        lineWidth = text[start..<index].reduce(0) { $0 + displayWidth(of: $1) }
        continue  // this character again, against the new line
      }
      lineWidth += characterWidth
      index += 1
    }
    lines.append(Array(characters[start...]))
    return lines.map(group)
  }

  /// Plain text wrapped into strings.
  public static func lines(_ text: String, width: Int) -> [String] {
    lines([(text, .plain)], width: width).map { $0.map(\.text).joined() }
  }

  /// For each position `i` (0...count), whether a line may start there: after a space; between two characters
  /// of which one is wide (Japanese), unless kinsoku forbids it; inside a URL only after a path `/`.
  public static func breakOpportunities(_ text: [Character]) -> [Bool] {
    var breaks = [Bool](repeating: false, count: text.count + 1)
    guard text.count > 1 else { return breaks }
    let url = urlMask(text)
    for index in 1..<text.count {
      let before = text[index - 1]
      let after = text[index]
      if url[index - 1] && url[index] {
        // After a path separator, not inside the scheme's `//`.
        breaks[index] = before == "/" && after != "/" && index >= 2 && text[index - 2] != "/" && text[index - 2] != ":"
      } else if after == " " {
        breaks[index] = false
      } else if before == " " {
        breaks[index] = true
      } else if noLineStart.contains(after) || noLineEnd.contains(before) {
        breaks[index] = false
      } else {
        breaks[index] = displayWidth(of: before) > 1 || displayWidth(of: after) > 1
      }
    }
    return breaks
  }

  /// Which characters belong to a URL: from `http://` or `https://` to the next space, wide character or bracket.
  private static func urlMask(_ text: [Character]) -> [Bool] {
    var mask = [Bool](repeating: false, count: text.count)
    var index = 0
    while index < text.count {
      let rest = text[index...]
      guard rest.starts(with: "http://") || rest.starts(with: "https://") else {
        index += 1
        continue
      }
      while index < text.count, text[index] != " ", displayWidth(of: text[index]) == 1,
        !"<>\"'()[]{}".contains(text[index])
      {
        mask[index] = true
        index += 1
      }
    }
    return mask
  }

  /// Consecutive characters of one style joined into runs.
  private static func group(_ characters: [(Character, Style)]) -> [Run] {
    var runs: [Run] = []
    for (character, style) in characters {
      if let last = runs.last, last.style == style {
        runs[runs.count - 1].text.append(character)
      } else {
        runs.append((String(character), style))
      }
    }
    return runs
  }
  /// `runs` cut to `width` columns on one line, ending in "..." when cut.
  public static func truncated(_ runs: [Run], width: Int) -> [Run] {
    let total = runs.reduce(0) { $0 + displayWidth(of: $1.text) }
    guard total > width else { return runs }
    guard width > 3 else { return [((runs.first?.text ?? "").truncated(toWidth: width), runs.first?.style ?? .plain)] }
    var result: [Run] = []
    var room = width - 3
    for run in runs where room > 0 {
      let kept = run.text.truncated(toWidth: room, ellipsis: "")
      if !kept.isEmpty { result.append((kept, run.style)) }
      room -= displayWidth(of: run.text)
    }
    result.append(("...", result.last?.style ?? runs[0].style))
    return result
  }
}
