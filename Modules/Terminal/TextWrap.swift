/// Word wrapping by display width for styled text: breaks after the last space that fits, or between
/// characters when a line has none (Japanese has no spaces). Never splits a grapheme cluster. The one wrapper of
/// both front ends: the TUI's screens and the CLI's prose and table cells.
public enum TextWrap {
  /// A styled run of text.
  public typealias Run = (text: String, style: Style)

  /// `runs` broken into lines of at most `width` columns (at least one line, possibly empty).
  public static func lines(_ runs: [Run], width: Int) -> [[Run]] {
    guard width > 0 else { return [] }
    var lines: [[(Character, Style)]] = []
    var current: [(Character, Style)] = []
    var currentWidth = 0
    var lastSpace: Int?
    for run in runs {
      for character in run.text {
        let characterWidth = displayWidth(of: character)
        if currentWidth + characterWidth > width && !current.isEmpty {
          if let space = lastSpace, space + 1 < current.count {
            lines.append(Array(current[...space]))
            current = Array(current[(space + 1)...])
          } else {
            lines.append(current)
            current = []
          }
          currentWidth = current.reduce(0) { $0 + displayWidth(of: $1.0) }
          lastSpace = nil
          if currentWidth + characterWidth > width && !current.isEmpty {
            lines.append(current)
            current = []
            currentWidth = 0
          }
        }
        if character == " " { lastSpace = current.count }
        current.append((character, run.style))
        currentWidth += characterWidth
      }
    }
    lines.append(current)
    return lines.map(group)
  }

  /// Plain text wrapped into strings.
  public static func lines(_ text: String, width: Int) -> [String] {
    lines([(text, .plain)], width: width).map { $0.map(\.text).joined() }
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
