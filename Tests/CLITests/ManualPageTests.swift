import Core
import FeatureAssembly
import FeatureKit
import Foundation
import Testing

@testable import CLI

@Suite struct ManualPageTests {
  /// A feature whose words would be roff requests, escapes and font changes if they were written raw.
  static func hostileApp() throws -> AppRuntime {
    let module = FeatureModule<Int, Int>(
      key: "evil", title: "Evil",
      initialState: 0,
      reducer: Reducer { _, _ in },
      present: { _ in .text("") },
      commands: [
        FeatureCommand(
          path: ["run"], abstract: ".SH INJECTED\n'br \\fBbold\\fR -x \u{1B}[2J",
          examples: ["run \\\\e"],
          arguments: [.flag("loud", help: ".TH X 9")],
          actions: { _ in [] }, output: { _, _ in .success(view: .text(""), json: .null) })
      ])
    return try FeatureRegistry([module.erased]).assemble()
  }

  @Test func thePageHasTheSectionsOfASectionOnePage() throws {
    let app = try makeTestApp()
    let page = ManualPage(commands: app.commands, features: app.features, version: "1.2.3").text
    #expect(page.hasPrefix(#".TH KUMIKI 1 "" "kumiki 1.2.3" "User Commands""# + "\n.SH NAME\n"))
    let order = [
      ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SS \"Counter (counter)\"",
      ".SS \"Catalogue (catalogue)\"", ".SS \"Built in\"", ".SH OPTIONS", ".SH \"EXIT STATUS\"", ".SH ENVIRONMENT",
      ".SH EXAMPLES", ".SH \"SEE ALSO\"",
    ].map { page.range(of: "\n" + $0 + "\n")?.lowerBound }
    #expect(order.allSatisfy { $0 != nil }, "\(order)")
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    #expect(
      page.contains(
        "\\fBkumiki catalogue list [<keyword>] [\\-\\-category <food|drink>] [\\-\\-page <page>]\\fR\nList the items.\n"
      ))
    #expect(page.contains("\\fBKUMIKI_API_URL\\fR\n"))
  }

  @Test func textFromTheRegistryIsNeverMarkup() throws {
    let app = try Self.hostileApp()
    let page = ManualPage(commands: app.commands, features: app.features, version: "1").text
    let requests = page.split(separator: "\n").filter { $0.hasPrefix(".") || $0.hasPrefix("'") }
    #expect(!requests.contains { $0.contains("INJECTED") || $0.hasPrefix(".TH X") || $0.hasPrefix("'br") })
    #expect(page.contains("\\&.SH INJECTED 'br \\efBbold\\efR \\-x ^[[2J"))
    #expect(page.contains("\\&.TH X 9"))
    #expect(!page.contains("\u{1B}"))
    #expect(ManualPage.escaped("カレー 🍜") == "\\[u30AB]\\[u30EC]\\[u30FC] \\[u1F35C]", "outside ASCII: escapes")
  }

  /// The real thing: groff reads the page without a warning, and what it prints shows the hostile text as text.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "needs groff"))
  func groffRendersThePageWithoutWarnings() throws {
    let app = try Self.hostileApp()
    let page = ManualPage(commands: app.commands, features: app.features, version: "1").text
    let groff = Process()
    groff.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
    groff.arguments = ["-man", "-Tutf8", "-ww", "-rLL=200n", "-P-cbu"]
    groff.environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    groff.standardInput = input
    groff.standardOutput = output
    groff.standardError = errors
    try groff.run()
    input.fileHandleForWriting.write(Data(page.utf8))
    try input.fileHandleForWriting.close()
    let rendered = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    groff.waitUntilExit()
    #expect(groff.terminationStatus == 0)
    #expect(warnings == "", "\(warnings)")
    // The text as it was written (a hyphen is rendered as a minus sign): no section, no bold, no escape.
    #expect(rendered.contains(".SH INJECTED 'br \\fBbold\\fR "), "\(rendered)")
    #expect(rendered.contains("^[[2J"))
    #expect(!rendered.contains("\u{1B}"))
    #expect(rendered.contains("kumiki evil run"))
    #expect(rendered.contains(".TH X 9"))
  }
}
