import ActionLog
import CoreTesting
import FeatureKit
import Foundation
import Sessions
import Testing

/// Random and mutated recordings fed to the reader, the replay and the test writer. Invariants: nothing crashes;
/// every failure is a `SessionError` whose message is one line; a replay gives the same states every time; and no
/// file the writer emits holds text of its input outside string literals (the writer's own words only, checked
/// against a vocabulary, and the canary every injected text carries never outside a literal).
///
/// Bounded: it stops after ``budget`` seconds or ``iterations`` inputs. The seed is printed; `KUMIKI_FUZZ_SEED=<n>`
/// runs the same inputs again (a failure names its seed and input number).
@Suite struct SessionFuzzTests {
  static let budget: Duration = .seconds(20)
  static let iterations = 4_000

  static let seed: UInt64 = {
    if let text = ProcessInfo.processInfo.environment["KUMIKI_FUZZ_SEED"], let seed = UInt64(text) { return seed }
    return UInt64.random(in: 0...UInt64.max)
  }()

  @Test func mutatedRecordingsKeepTheInvariants() async throws {
    print("SessionFuzzTests: seed \(Self.seed) (KUMIKI_FUZZ_SEED=\(Self.seed) runs these inputs again)")
    let base = try await Fixtures.recordSession().file.text
    let vocabulary = try await Self.vocabulary()
    var random = SplitMix64(seed: Self.seed)
    var fuzzer = Fuzzer(base: base, vocabulary: vocabulary)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: Self.budget)
    var count = 0
    while count < Self.iterations && clock.now < deadline {
      count += 1
      let input = Mutator.mutate(base, using: &random)
      let problems = fuzzer.check(input, until: random.chance(20) ? Int.random(in: 1...12, using: &random) : nil)
      if !problems.isEmpty {
        let shown = String(decoding: input.prefix(2_000), as: UTF8.self)
        Issue.record(
          "seed \(Self.seed), input \(count): \(problems.joined(separator: "; "))\n--- input ---\n\(shown)")
        break
      }
    }
    print(
      "SessionFuzzTests: \(count) inputs (seed \(Self.seed)): \(fuzzer.replayed) replayed, \(fuzzer.emitted) tests "
        + "emitted, \(fuzzer.parsedBySwift) of them parsed by swiftc")
    #expect(fuzzer.replayed > 0 && fuzzer.emitted > 0, "the mutations never made a usable recording")
  }

  /// Every word the writer writes outside literals, learned from tests written from harmless recordings: each
  /// feature, with and without `by`, cut at every action; plus the app events' names and the fuzz suite's name.
  static func vocabulary() async throws -> Set<String> {
    let (_, file) = try await Fixtures.recordSession()
    let withoutBy = file.text.split(separator: "\n").dropFirst().map { $0.replacing(/,"by":"[a-z-]+"/, with: "") }
    // The notes a step can have that a harmless recording may not show.
    var words = Fuzzer.words(
      "FuzzSession launch terminate refreshAll appear sent by an effect whose cause is not in the test a follow-up "
        + "source not recorded")
    for text in [file.text, withoutBy.joined(separator: "\n")] {
      let recording = try SessionRecording(parsing: text)
      for feature in ["search", "counter", "tally"] {
        for until in [nil] + Array(1...11) {
          guard
            let output = try? SessionTestWriter(name: "FuzzSession", feature: feature, command: "c").write(
              recording, app: Fixtures.replayApp(), until: until)
          else { continue }
          let scan = SwiftScan(output.source)
          for segment in scan.segments where segment.kind != .string { words.formUnion(Fuzzer.words(segment.value)) }
        }
      }
    }
    return words
  }
}

/// The checks of one input.
struct Fuzzer {
  let base: String
  let vocabulary: Set<String>
  var replayed = 0
  var emitted = 0
  var parsedBySwift = 0

  init(base: String, vocabulary: Set<String>) {
    self.base = base
    self.vocabulary = vocabulary
  }

  /// The words of a text: runs of letters, digits and `_` that start with a letter or `_`.
  static func words(_ text: String) -> Set<String> {
    Set(
      text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init).filter {
        !$0.first!.isNumber
      })
  }

  /// What is wrong with how the tools treat `input` (nothing: an empty list).
  mutating func check(_ input: Data, until: Int?) -> [String] {
    var problems: [String] = []
    func note(_ error: SessionError, _ context: String) {
      let bad = error.description.unicodeScalars.contains {
        $0 == "\n" || $0 == "\r" || $0.value == 0x85 || $0.value == 0x2028 || $0.value == 0x2029
      }
      if error.description.isEmpty || bad { problems.append("\(context): a message that is not one line: \(error)") }
    }
    guard let text = String(data: input, encoding: .utf8) else {
      // Not UTF-8: the file is refused as a whole, with a data error.
      let file = Fixtures.TemporaryFile()
      do {
        try input.write(to: URL(fileURLWithPath: file.path))
        _ = try SessionRecording(contentsOf: file.path)
        problems.append("a file that is not UTF-8 was read")
      } catch let error as SessionError {
        note(error, "reading a file that is not UTF-8")
        if error.kind != .data { problems.append("not UTF-8: \(error.kind), expected a data error") }
      } catch {
        problems.append("writing the input: \(error)")
      }
      return problems
    }
    let recording: SessionRecording
    do {
      recording = try SessionRecording(parsing: text)
    } catch {
      note(error, "reading")
      return problems
    }
    let available = ["search", "counter", "tally", "lossy"]
    let keys: [String]
    do {
      keys = try SessionReplay.features(recorded: recording.header?.features, requested: [], available: available)
    } catch {
      note(error, "features")
      return problems
    }
    // Replayed twice: the same states, or the same error.
    var outcomes: [String] = []
    for _ in 0..<2 {
      do {
        let app = try Fixtures.replayApp(keys)
        let records = try SessionReplay.run(recording, in: app, until: until)
        outcomes.append(try SessionStates.json(app: app, actions: records.count) + SessionStates.text(app: app))
      } catch let error as SessionError {
        note(error, "replay")
        outcomes.append("error: \(error)")
      } catch {
        problems.append("replay: an error that is not a SessionError: \(error)")
        return problems
      }
    }
    if outcomes[0] != outcomes[1] { problems.append("two replays differ") }
    if !outcomes[0].hasPrefix("error: ") { replayed += 1 }
    // A test of each feature: text from the input only inside literals.
    for feature in keys.isEmpty ? available : keys {
      let output: SessionTestWriter.Output
      do {
        output = try SessionTestWriter(name: "FuzzSession", feature: feature, command: "kumiki replay x").write(
          recording, app: Fixtures.replayApp(keys), until: until)
      } catch let error as SessionError {
        note(error, "writing \(feature)'s test")
        continue
      } catch {
        problems.append("writing \(feature)'s test: an error that is not a SessionError: \(error)")
        continue
      }
      emitted += 1
      let scan = SwiftScan(output.source)
      problems += scan.leaks(canary: HostileText.canary).map { "\(feature)'s test: \($0)" }
      for segment in scan.segments where segment.kind != .string {
        let strangers = Self.words(segment.value).filter {
          !vocabulary.contains($0) && $0.wholeMatch(of: /a\d+/) == nil
        }
        if !strangers.isEmpty {
          problems.append("\(feature)'s test has words the writer never writes: \(strangers.sorted().prefix(5))")
        }
      }
      if parsedBySwift < 3 && text.contains(HostileText.canary), Toolchain.swiftc != nil {
        parsedBySwift += 1
        do {
          if let complaint = try Toolchain.parseProblems(output.source) {
            problems.append("\(feature)'s test: swiftc -parse: \(complaint.prefix(500))")
          }
        } catch {
          problems.append("swiftc: \(error)")
        }
      }
    }
    return problems
  }
}
