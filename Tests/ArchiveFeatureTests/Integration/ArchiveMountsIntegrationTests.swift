import ArchiveFeature
import CompositionRoot
import CompositionRootTesting
import Core
import FeatureAssembly
import FeatureKit
import Foundation
import Presentation
import Testing

/// Archive in the assembled app, on the embedded fixture server and a real SQLite file: its two mounts (`archive`,
/// and `curry` fixed to one category) sharing the saved items, and the search it remembers across runs.
@Suite(.timeLimit(.minutes(2))) struct ArchiveMountsIntegrationTests {
  @Test func theCurryMountListsOnlyCurryAndSharesSavedItemsWithArchive() async throws {
    let folder = try TemporaryFolder()
    let live = try await LiveApp.start(
      LaunchOptions(databasePath: folder.path + "/kumiki.sqlite", features: ["archive", "curry"], environment: [:]))
    let runtime = live.runtime
    let curry = try #require(runtime.features.first { $0.key == "curry" })
    let archive = try #require(runtime.features.first { $0.key == "archive" })

    // `kumiki curry search`: only カレー items, even with no conditions.
    let output = try await run(["curry", "search"], on: runtime)
    guard case .success(_, .object(let fields)) = output,
      case .array(let items)? = fields.first(where: { $0.0 == "items" })?.1
    else {
      Issue.record("curry search failed: \(output)")
      return
    }
    #expect(items.count == 6)
    #expect(items.allSatisfy { $0.text.contains(#""category":"カレー""#) })
    // A category the mount is not fixed to is refused, with the reason.
    guard case .failure(let reason) = try await run(["curry", "search"], ["category": "和食"], on: runtime) else {
      Issue.record("curry search --category 和食 should fail")
      return
    }
    #expect(reason.contains("only カレー"))

    // Both screens visible (each observes the saved items from now on, so the store no longer settles); a heart
    // set on the Archive tab shows on the カレー tab, through the database.
    runtime.appear(slot: curry.slot)
    runtime.appear(slot: archive.slot)
    let save = try #require(runtime.commands.first { $0.words == ["archive", "save"] })
    for action in try save.actions(CommandInput(values: ["id": "6"])) { runtime.store.dispatch(action) }
    let curryScreen = try await runtime.value { state -> [String]? in
      guard let text = runtime.view(slot: curry.slot, in: state)?.plainText,
        text.contains(where: { $0.contains("Saved (1)") })
      else { return nil }
      return text
    }
    #expect(curryScreen.contains { $0.contains("Only カレー") })
    await live.shutdown()
  }

  @Test func archiveRemembersItsSearchAcrossRuns() async throws {
    let folder = try TemporaryFolder()
    let options = LaunchOptions(
      databasePath: folder.path + "/kumiki.sqlite", features: ["archive"], environment: [:])
    let first = try await LiveApp.start(options)
    _ = try await run(["archive", "search"], ["keyword": "鯛", "category": "和食"], on: first.runtime)
    await first.shutdown()

    let second = try await LiveApp.start(options)
    let again = try await run(["archive", "search"], flags: ["last"], on: second.runtime)
    guard case .success(let view, let json) = again else {
      Issue.record("archive search --last failed: \(again)")
      return
    }
    #expect(json.text.contains("鯛めし"))
    #expect(!json.text.contains(#""category":"洋食""#))
    #expect(view.plainText.joined().contains("鯛めし"))
    await second.shutdown()

    // The TUI opens where it was left: the keyword field holds the remembered keyword.
    let third = try await LiveApp.start(options)
    let archive = try #require(third.runtime.features.first { $0.key == "archive" })
    let screen = try #require(third.runtime.view(slot: archive.slot)?.plainText)
    let field = try #require(screen.firstIndex(of: "Keyword"))
    #expect(screen[field + 1] == "鯛")
    await third.shutdown()
  }

  /// Runs a command as the CLI does: its actions, then its output once the store settled.
  func run(
    _ words: [String], _ values: [String: String] = [:], flags: Set<String> = [], on runtime: AppRuntime
  ) async throws -> CommandOutput {
    let command = try #require(runtime.commands.first { $0.words == words })
    let input = CommandInput(values: values, flags: flags)
    for action in try command.actions(input) { runtime.store.dispatch(action) }
    await runtime.store.settled()
    return command.output(runtime.store.state, input)
  }
}
