import Foundation
import Testing

@testable import CLI

@Suite struct PagerTests {
  static let terminal = ["TERM": "xterm"]

  @Test func kumikiPagerThenPagerThenLess() {
    #expect(Pager.resolve(noPager: false, environment: Self.terminal)?.command == ["less", "-FRX"])
    #expect(
      Pager.resolve(noPager: false, environment: Self.terminal.merging(["PAGER": "most -s"]) { $1 })?.command == [
        "most", "-s",
      ])
    let both = Self.terminal.merging(["PAGER": "most", "KUMIKI_PAGER": "'my pager' -x"]) { $1 }
    #expect(Pager.resolve(noPager: false, environment: both)?.command == ["my pager", "-x"])
  }

  @Test func emptyCatNoPagerOrADumbTerminalMeanNone() {
    #expect(Pager.resolve(noPager: true, environment: Self.terminal) == nil)
    #expect(Pager.resolve(noPager: false, environment: Self.terminal.merging(["KUMIKI_PAGER": ""]) { $1 }) == nil)
    #expect(
      Pager.resolve(noPager: false, environment: Self.terminal.merging(["KUMIKI_PAGER": "", "PAGER": "less"]) { $1 })
        == nil)
    #expect(Pager.resolve(noPager: false, environment: Self.terminal.merging(["PAGER": "cat"]) { $1 }) == nil)
    #expect(Pager.resolve(noPager: false, environment: Self.terminal.merging(["PAGER": ""]) { $1 }) == nil)
    #expect(Pager.resolve(noPager: false, environment: ["TERM": "dumb"]) == nil)
    #expect(Pager.resolve(noPager: false, environment: [:]) == nil)
  }

  @Test func lessGetsFRXUnlessLESSIsSet() {
    #expect(Pager.resolve(noPager: false, environment: Self.terminal)?.environment["LESS"] == "FRX")
    let own = Self.terminal.merging(["LESS": "-S"]) { $1 }
    #expect(Pager.resolve(noPager: false, environment: own)?.environment["LESS"] == "-S")
  }

  @Test func wordsSplitAsAShellWould() {
    #expect(Pager.split("less -FRX") == ["less", "-FRX"])
    #expect(Pager.split("  a\t'b c' \"d 'e'\" ''") == ["a", "b c", "d 'e'", ""])
    #expect(Pager.split("") == [])
  }

  /// The real thing: a pager script started with posix_spawnp gets the text on its standard input and the
  /// descriptor as its standard output; one that does not exist is not started and nothing is written.
  @Test func aRealPagerGetsTheTextAndAMissingOneFallsBack() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-pager-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("fake-pager").path
    try "#!/bin/sh\necho \"pager $1 LESS=$LESS\"\ncat\n".write(toFile: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script)
    let outputPath = folder.appendingPathComponent("out").path
    let descriptor = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(descriptor >= 0)
    let pager = Pager(command: [script, "-x"], environment: ["LESS": "FRX"])
    #expect(pager.show("line 1\nline 2\n", descriptor: descriptor))
    close(descriptor)
    #expect(try String(contentsOfFile: outputPath, encoding: .utf8) == "pager -x LESS=FRX\nline 1\nline 2\n")

    let missing = Pager(command: [folder.appendingPathComponent("no-such-pager").path], environment: [:])
    #expect(!missing.show("text", descriptor: 1))
  }

  /// A pager that quits without reading (as `q` in less does) ends the write quietly: no SIGPIPE kills kumiki.
  @Test func aPagerThatQuitsEarlyEndsTheWriteQuietly() throws {
    let pager = Pager(command: ["/bin/true"], environment: [:])
    let devNull = open("/dev/null", O_WRONLY)
    defer { close(devNull) }
    #expect(pager.show(String(repeating: "x\n", count: 200_000), descriptor: devNull))
  }
}
