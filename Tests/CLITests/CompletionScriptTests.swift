import CLI
import FeatureKit
import Foundation
import Testing

@Suite struct CompletionScriptTests {
  let generator: CompletionScript

  init() throws {
    let app = try makeTestApp()
    generator = CompletionScript(commands: app.commands, features: app.features)
  }

  @Test(arguments: CompletionShell.allCases) func scriptsListTheCommandWordsFromTheRegistry(_ shell: CompletionShell) {
    let script = generator.script(for: shell)
    for word in [
      "counter", "add", "reset", "catalogue", "list", "slow", "--category", "--page", "food", "drink",
      "features", "completion", "--json", "--api",
    ] {
      // fish names options without their dashes: `-l category`.
      let expected = shell == .fish && word.hasPrefix("--") ? "-l " + word.dropFirst(2) : word
      #expect(script.contains(expected), "\(shell) script lacks \(expected)")
    }
  }

  @Test func bashScriptCompletesLevelByLevel() {
    let script = generator.script(for: .bash)
    #expect(script.contains("    '') words='counter catalogue features help completion "))
    #expect(script.contains("    'counter') words='add reset "))
    #expect(script.contains("    'catalogue list|--category') words='food drink'; valued=1 ;;"))
    #expect(script.contains("complete -F _kumiki kumiki"))
  }

  @Test func zshAndFishScriptsAreRegistered() {
    #expect(generator.script(for: .zsh).hasPrefix("#compdef kumiki\n"))
    #expect(
      generator.script(for: .fish).contains(
        "complete -c kumiki -n '__kumiki_at \"catalogue\"' -a list -d 'List the items.'"))
  }

  @Test func wordsThatAreNotPlainAreLeftOut() throws {
    let hostile = try FeatureRegistry([CounterFeature.module().mounted(as: "x';rm -rf ~;'").erased]).assemble()
    let script = CompletionScript(commands: hostile.commands, features: hostile.features).script(for: .bash)
    #expect(!script.contains("rm -rf"))
  }

  @Test(arguments: [CompletionShell.bash]) func scriptParses(_ shell: CompletionShell) throws {
    let bash = URL(fileURLWithPath: "/bin/bash")
    try #require(FileManager.default.isExecutableFile(atPath: bash.path), "bash is needed to check the script")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-completion-\(UUID()).bash")
    try generator.script(for: shell).write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = bash
    process.arguments = ["-n", file.path]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }
}
