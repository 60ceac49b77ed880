import ActionLog
import Foundation
import Sessions
import Testing

/// Recordings made to inject code into the test `--emit-test` writes: a header (app, version), a file name and
/// recorded texts that end comments, lines and string literals in every way Swift has. Text from the recording must
/// end up only inside string literals, with exactly its value, and the file must stay the file a harmless recording
/// gives, which Swift's own parser accepts.
@Suite struct HostileRecordingTests {
  static let hostile = HostileText.all

  struct Written {
    var source: String
    var command: String
  }

  /// The test written from a session whose header, file name and every text typed or shown are hostile.
  func writeHostile(feature: String = "search") async throws -> Written {
    let (_, file) = try await Fixtures.recordSession(
      app: Self.hostile, version: Self.hostile, texts: (Self.hostile, Self.hostile, Self.hostile + " 2"))
    let recording = try SessionRecording(contentsOf: file.path)
    let command = "kumiki replay \(Self.hostile).jsonl --emit-test SearchSession --feature \(feature)"
    let output = try SessionTestWriter(name: "SearchSession", feature: feature, command: command).write(
      recording, app: Fixtures.replayApp())
    return Written(source: output.source, command: command)
  }

  @Test func textFromTheRecordingIsOnlyInsideStringLiterals() async throws {
    let written = try await writeHostile()
    #expect(SwiftScan(written.source).leaks(canary: HostileText.canary) == [])
  }

  /// Each way out alone (a bare line feed in the app's name is the simplest: it ended the header's `//` comment).
  @Test(arguments: HostileText.pieces)
  func eachHostileTextAloneStaysInsideStringLiterals(_ piece: String) async throws {
    let (_, file) = try await Fixtures.recordSession(app: piece, version: piece, texts: (piece, piece, piece))
    let command = "kumiki replay \(piece).jsonl --emit-test SearchSession --feature search"
    let output = try SessionTestWriter(name: "SearchSession", feature: "search", command: command).write(
      SessionRecording(contentsOf: file.path), app: Fixtures.replayApp())
    let scan = SwiftScan(output.source)
    #expect(scan.leaks(canary: HostileText.canary) == [])
    #expect(scan.literals.contains(command))
  }

  @Test func theLiteralsHoldTheRecordedTextsExactly() async throws {
    let written = try await writeHostile()
    let literals = SwiftScan(written.source).literals
    #expect(literals.contains(written.command))
    #expect(literals.contains("recorded by \(Self.hostile) \(Self.hostile) at 2026-11-21T09:30:00.000Z"))
    // What the test decodes its actions and states from.
    let objects = literals.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    let typed = objects.compactMap { ($0["typed"] as? [String: Any])?["_0"] as? String }
    #expect(typed == [Self.hostile, Self.hostile + " 2"])
    let noticed = objects.compactMap { ($0["notice"] as? [String: Any])?["_0"] as? String }
    #expect(noticed == [Self.hostile])
    let queries = objects.compactMap { $0["query"] as? String }
    #expect(queries == ["", Self.hostile, Self.hostile + " 2"])  // the initial state, the patches after `typed`
  }

  @Test func theFileHasTheShapeOfOneFromAHarmlessRecording() async throws {
    let hostile = try await writeHostile().source
    let (_, file) = try await Fixtures.recordSession()
    let harmless = try SessionTestWriter(name: "SearchSession", feature: "search", command: "c").write(
      SessionRecording(contentsOf: file.path), app: Fixtures.replayApp()
    ).source
    func shape(_ source: String) -> String { String(SwiftScan(source).skeleton.filter { !$0.isWhitespace }) }
    #expect(shape(hostile) == shape(harmless))
    #expect(shape(hostile).contains("staticletcommand=\"…\""))
  }

  @Test(.enabled(if: Toolchain.swiftc != nil))
  func swiftsOwnParserAcceptsTheFile() async throws {
    let written = try await writeHostile()
    #expect(try Toolchain.parseProblems(written.source) == nil)
  }

  @Test func aTestOfAnotherFeatureCarriesOnlyTheHeaderAndCommandAsLiterals() async throws {
    let (_, file) = try await Fixtures.recordSession(app: Self.hostile, version: Self.hostile)
    let output = try SessionTestWriter(name: "CounterSession", feature: "counter", command: Self.hostile).write(
      SessionRecording(contentsOf: file.path), app: Fixtures.replayApp())
    let scan = SwiftScan(output.source)
    #expect(scan.leaks(canary: HostileText.canary) == [])
    #expect(scan.literals.contains(Self.hostile))
  }
}
