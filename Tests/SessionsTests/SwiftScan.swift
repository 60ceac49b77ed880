/// A Swift file split as Swift's lexer splits it into code, comments and string literals — what the session tests
/// need to check that text from a recording ends up only inside string literals of a generated test.
///
/// It knows `//` and nested `/* */` comments, and string literals of every form: `"…"`, raw `#"…"#` with any number
/// of `#`, and multi-line `"""` (raw or not), with their escapes (`\n`, `\#u{2028}`, …). A literal's ``Segment/value``
/// is what the program sees (escapes decoded, a multi-line literal's indentation removed). Anything the generator
/// must never write is a ``problems`` entry: an interpolation, an unknown escape, a line continuation, a line break
/// in a single-line literal, an unterminated literal or comment.
struct SwiftScan {
  enum Kind: Equatable {
    case code
    case comment
    case string
  }

  struct Segment {
    var kind: Kind
    /// Unicode scalar offsets in the source: for a literal, its delimiters included.
    var range: Range<Int>
    /// For a literal, its value; else the segment's text.
    var value: String
  }

  let scalars: [Unicode.Scalar]
  private(set) var segments: [Segment] = []
  private(set) var problems: [String] = []

  init(_ source: String) {
    scalars = Array(source.unicodeScalars)
    var index = 0
    var codeStart = 0
    func flushCode(upTo end: Int) {
      if end > codeStart { segments.append(Segment(kind: .code, range: codeStart..<end, value: text(codeStart..<end))) }
    }
    while index < scalars.count {
      if starts(with: "//", at: index) {
        flushCode(upTo: index)
        var end = index
        while end < scalars.count && !isLineBreak(scalars[end]) { end += 1 }
        segments.append(Segment(kind: .comment, range: index..<end, value: text(index..<end)))
        index = end
        codeStart = end
      } else if starts(with: "/*", at: index) {
        flushCode(upTo: index)
        var depth = 0
        var end = index
        while end < scalars.count {
          if starts(with: "/*", at: end) {
            depth += 1
            end += 2
          } else if starts(with: "*/", at: end) {
            depth -= 1
            end += 2
            if depth == 0 { break }
          } else {
            end += 1
          }
        }
        if depth != 0 { problems.append("unterminated /* comment at \(index)") }
        segments.append(Segment(kind: .comment, range: index..<end, value: text(index..<end)))
        index = end
        codeStart = end
      } else if let hashes = literalStart(at: index) {
        flushCode(upTo: index)
        let end = scanLiteral(at: index, hashes: hashes)
        index = end
        codeStart = end
      } else {
        index += 1
      }
    }
    flushCode(upTo: scalars.count)
  }

  /// The literals' values, in order.
  var literals: [String] { segments.filter { $0.kind == .string }.map(\.value) }

  /// The source with every literal replaced by `"…"`: what the file is, apart from the literals' text.
  var skeleton: String {
    segments.map { $0.kind == .string ? "\"…\"" : $0.value }.joined()
  }

  /// The offsets where `needle` occurs in the source other than wholly inside one string literal.
  func occurrencesOutsideLiterals(of needle: String) -> [Int] {
    let pattern = Array(needle.unicodeScalars)
    guard !pattern.isEmpty, pattern.count <= scalars.count else { return [] }
    var found: [Int] = []
    for start in 0...(scalars.count - pattern.count) where starts(with: pattern, at: start) {
      let end = start + pattern.count
      let inside = segments.contains {
        $0.kind == .string && $0.range.lowerBound <= start && end <= $0.range.upperBound
      }
      if !inside { found.append(start) }
    }
    return found
  }

  /// What makes the source unfit as a generated test: the scan's ``problems``, `canary` (which marks text from a
  /// recording) anywhere but inside a string literal, and characters outside literals that the generator never
  /// writes (control characters but the line feed, format characters, U+2028, U+2029), with their lines.
  func leaks(canary: String) -> [String] {
    var found = problems
    for offset in occurrencesOutsideLiterals(of: canary) {
      found.append("recording text outside a string literal, line \(line(at: offset)): \(lineText(at: offset))")
    }
    for segment in segments where segment.kind != .string {
      for (index, scalar) in scalars[segment.range].enumerated() where scalar != "\n" && isUnsafe(scalar) {
        let offset = segment.range.lowerBound + index
        found.append(
          "U+\(String(scalar.value, radix: 16, uppercase: true)) outside a string literal, line \(line(at: offset))")
      }
    }
    return found
  }

  private func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned: true
    default: false
    }
  }

  private func line(at offset: Int) -> Int { scalars[..<offset].filter { $0 == "\n" }.count + 1 }

  private func lineText(at offset: Int) -> String {
    var start = offset
    while start > 0 && scalars[start - 1] != "\n" { start -= 1 }
    var end = offset
    while end < scalars.count && scalars[end] != "\n" { end += 1 }
    return text(start..<end)
  }

  // MARK: Lexing

  private func text(_ range: Range<Int>) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars[range])
    return String(view)
  }

  private func starts(with prefix: String, at index: Int) -> Bool {
    starts(with: Array(prefix.unicodeScalars), at: index)
  }

  private func starts(with pattern: [Unicode.Scalar], at index: Int) -> Bool {
    guard index + pattern.count <= scalars.count else { return false }
    for offset in pattern.indices where scalars[index + offset] != pattern[offset] { return false }
    return true
  }

  private func isLineBreak(_ scalar: Unicode.Scalar) -> Bool { scalar == "\n" || scalar == "\r" }

  /// The number of `#` of a literal starting at `index` (`#…#"` or `"`), or `nil`.
  private func literalStart(at index: Int) -> Int? {
    var cursor = index
    while cursor < scalars.count && scalars[cursor] == "#" { cursor += 1 }
    guard cursor < scalars.count, scalars[cursor] == "\"" else { return nil }
    return cursor - index
  }

  private mutating func scanLiteral(at start: Int, hashes: Int) -> Int {
    let open = start + hashes  // the first `"`
    var index = open + 1
    var multiline = false
    if starts(with: "\"\"\"", at: open) {
      // Multi-line when only spaces or tabs follow on the line, as Swift's lexer decides.
      var cursor = open + 3
      while cursor < scalars.count && (scalars[cursor] == " " || scalars[cursor] == "\t") { cursor += 1 }
      if cursor < scalars.count && isLineBreak(scalars[cursor]) {
        multiline = true
        index = cursor + (starts(with: "\r\n", at: cursor) ? 2 : 1)
      }
    }
    let quote: [Unicode.Scalar] = multiline ? ["\"", "\"", "\""] : ["\""]
    let closing = quote + Array(repeating: "#", count: hashes)
    // The literal's lines (one for a single-line literal): each scalar with whether it was written as is (an
    // escape's result is not, so it is never taken for indentation).
    var lines: [[(scalar: Unicode.Scalar, raw: Bool)]] = [[]]
    func add(_ scalar: Unicode.Scalar, raw: Bool = false) { lines[lines.count - 1].append((scalar, raw)) }
    while true {
      guard index < scalars.count else {
        problems.append("unterminated string literal at \(start)")
        segments.append(Segment(kind: .string, range: start..<scalars.count, value: ""))
        return scalars.count
      }
      let scalar = scalars[index]
      if scalar == closing[0] && starts(with: closing, at: index) {
        index += closing.count
        break
      }
      if isLineBreak(scalar) {
        guard multiline else {
          problems.append("line break in a single-line string literal at \(index)")
          add(scalar, raw: true)
          index += 1
          continue
        }
        index += starts(with: "\r\n", at: index) ? 2 : 1
        lines.append([])
        continue
      }
      guard scalar == "\\" && hashesFollow(index + 1, count: hashes) else {
        add(scalar, raw: true)
        index += 1
        continue
      }
      let escape = index + 1 + hashes
      guard escape < scalars.count else {
        problems.append("unterminated escape at \(index)")
        index = escape
        continue
      }
      index = escape + 1
      switch scalars[escape] {
      case "n": add("\n")
      case "r": add("\r")
      case "t": add("\t")
      case "0": add("\0")
      case "\\": add("\\")
      case "\"": add("\"")
      case "'": add("'")
      case "(": problems.append("interpolation in a string literal at \(escape - hashes - 1)")
      case "u":
        var cursor = escape + 1
        var hex = ""
        if cursor < scalars.count && scalars[cursor] == "{" {
          cursor += 1
          while cursor < scalars.count && scalars[cursor] != "}" && hex.unicodeScalars.count <= 8 {
            hex.unicodeScalars.append(scalars[cursor])
            cursor += 1
          }
        }
        if cursor < scalars.count, scalars[cursor] == "}", (1...8).contains(hex.unicodeScalars.count),
          let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value)
        {
          add(decoded)
          index = cursor + 1
        } else {
          problems.append("bad \\u escape at \(escape - hashes - 1)")
        }
      default:
        problems.append(
          isLineBreak(scalars[escape])
            ? "line continuation in a string literal at \(escape - hashes - 1)"
            : "unknown escape at \(escape - hashes - 1)")
      }
    }
    var value = String.UnicodeScalarView()
    if multiline {
      // The last line holds the closing delimiter's indentation: it is removed from every line.
      let indentation = lines.removeLast()
      func isBlank(_ piece: (scalar: Unicode.Scalar, raw: Bool)) -> Bool {
        piece.raw && (piece.scalar == " " || piece.scalar == "\t")
      }
      if !indentation.allSatisfy(isBlank) {
        problems.append("text before the closing delimiter of a multi-line string literal at \(start)")
      }
      // Swift: an empty line is empty; any other must start with that indentation, which is removed.
      for (number, line) in lines.enumerated() {
        if number > 0 { value.append("\n") }
        if line.isEmpty { continue }
        if !zip(line, indentation).allSatisfy({ $0.raw && $0.scalar == $1.scalar }) || line.count < indentation.count {
          problems.append("insufficient indentation in a multi-line string literal at \(start)")
        }
        if line.last.map(isBlank) == true {
          problems.append("a line of a multi-line string literal ends in white space (editors strip it) at \(start)")
        }
        value.append(contentsOf: line.dropFirst(indentation.count).map(\.scalar))
      }
    } else {
      value.append(contentsOf: lines[0].map(\.scalar))
    }
    segments.append(Segment(kind: .string, range: start..<index, value: String(value)))
    return index
  }

  private func hashesFollow(_ index: Int, count: Int) -> Bool {
    guard index + count <= scalars.count else { return false }
    return scalars[index..<(index + count)].allSatisfy { $0 == "#" }
  }
}
