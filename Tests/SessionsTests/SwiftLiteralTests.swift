import Foundation
import Testing

@testable import Sessions

/// `SwiftLiteral`, the one way text from a recording reaches a generated test: every literal it writes is exactly its
/// text, on one line of code, whatever the text holds.
@Suite struct SwiftLiteralTests {
  /// Every control character alone, the other line breaks, comment and literal delimiters, escapes and
  /// interpolations of every kind, runs of `#` longer than a delimiter gets, and the hostile texts.
  static let texts: [String] =
    (Array(0x00...0x1F) + [0x7F, 0x85, 0x9F, 0x2028, 0x2029, 0x202E, 0xFEFF]).map { String(Unicode.Scalar($0)!) }
    + [
      "", "plain", "カレー 🍛", "e\u{301}", "\u{301}", "*/", "/*", "/* */ */", "//", "\"", "\"\"", "\"\"\"", "'",
      "\\", "\\\\", "\\n", "\\u{41}", "\\(x)", "\\#(x)", "\\##(x)", "#\"", "\"#", "\"##", "##\"", "#\"\"\"",
      "\"\"\"#", "\"\"\"##", "\\#", "x\\", "\"x\"", "#####", "\"##### \\#####(x) #####\"", "a\r\nb", "\n\n",
      " ", "   ", "a  ", " \t ",
    ]
    + HostileText.pieces

  @Test(arguments: texts)
  func aSingleLineLiteralIsExactlyItsText(_ text: String) {
    let literal = SwiftLiteral.string(text)
    let scan = SwiftScan("let x = \(literal)\n")
    #expect(scan.problems == [])
    #expect(scan.literals == [text])
    #expect(scan.skeleton == "let x = \"…\"\n")
    #expect(!literal.unicodeScalars.contains(where: SwiftLiteral.mustEscape), "an invisible character left as is")
  }

  @Test(arguments: texts)
  func aMultiLineLiteralIsExactlyItsLines(_ text: String) {
    let lines = [text, "  " + text, "", "{\"key\": \(text)}"]
    let literal = SwiftLiteral.multiline(lines, indent: "    ")
    let source = (["  let x = " + literal.opening] + literal.lines + [literal.closing, ""]).joined(separator: "\n")
    let scan = SwiftScan(source)
    #expect(scan.problems == [])
    #expect(scan.literals == [lines.joined(separator: "\n")])
    #expect(source.split(separator: "\n", omittingEmptySubsequences: false).count == lines.count + 3)
    #expect(literal.lines.allSatisfy { !$0.hasSuffix(" ") }, "a line ends in a space, which editors strip")
  }

  @Test func whatMustBeEscapedIs() {
    for value in Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x2028, 0x2029, 0x200B, 0x202A, 0x202E, 0x2066, 0xFEFF] {
      #expect(SwiftLiteral.mustEscape(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
    }
    for character in "a Z 0 # \" \\ / * ' ` $ ( ) { } カ 🍛 \u{301} \u{3000} \u{A0}".unicodeScalars {
      #expect(!SwiftLiteral.mustEscape(character), "U+\(String(character.value, radix: 16))")
    }
    #expect(SwiftLiteral.string("a\nb") == ##"#"a\#u{A}b"#"##)
    #expect(SwiftLiteral.string(#"{"k":"v"}"#) == ##"#"{"k":"v"}"#"##)
    #expect(SwiftLiteral.string(##"say "#hi""##) == ###"##"say "#hi""##"###)
    #expect(SwiftLiteral.escaped(#"a"b\c"#, hashes: 0) == #"a\"b\\c"#)
  }

  @Test func aDelimiterNeverGrowsPastFourHashes() {
    let text = String(repeating: "#", count: 10_000) + "\"" + String(repeating: "#", count: 10_000)
    let literal = SwiftLiteral.string(text)
    #expect(literal.hasPrefix("####\"") && literal.hasSuffix("\"####"))
    #expect(literal.count < text.count + 20)
    #expect(SwiftScan("let x = \(literal)").literals == [text])
  }

  /// The real compiler reads every literal back as its text: a program made of them prints each value's scalars.
  @Test(.enabled(if: Toolchain.swiftc != nil))
  func swiftReadsEveryLiteralAsItsText() throws {
    var source = ["let values: [String] = ["]
    var expected: [String] = []
    for text in Self.texts {
      source.append("  " + SwiftLiteral.string(text) + ",")
      let literal = SwiftLiteral.multiline([text, "(\(text))"], indent: "    ")
      source += ["  " + literal.opening] + literal.lines + [literal.closing + ","]
      expected += [text, text + "\n(" + text + ")"]
    }
    source += [
      "]",
      "for value in values { print(value.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: \" \")) }",
    ]
    let directory = NSTemporaryDirectory() + "kumiki-literals-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data(source.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: directory + "/main.swift"))
    let built = try Toolchain.run(["-Onone", "main.swift", "-o", "literals"], in: directory)
    try #require(built.status == 0, "\(built.output)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: directory + "/literals")
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let printed = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    #expect(printed == expected.map { $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") })
  }
}
