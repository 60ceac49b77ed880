import CLI
import FeatureAssembly
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

  /// Issue 26: `--category` did not complete the Japanese categories (only ASCII words were offered). Letters of
  /// any script complete in every shell; shell syntax still never gets in.
  @Test(arguments: CompletionShell.allCases) func japaneseChoicesComplete(_ shell: CompletionShell) throws {
    var module = CounterFeature.module().mounted(as: "menu")
    module.makeCommands = { _ in
      [
        FeatureCommand(
          path: ["search"], abstract: "Search.",
          arguments: [.option("category", help: "A category.", choices: ["和食", "洋食", "カレー", "x y", "$(id)"])],
          actions: { _ in [] }, output: { _, _ in .failure("unused") })
      ]
    }
    let app = try FeatureRegistry([module.erased]).assemble()
    let script = CompletionScript(commands: app.commands, features: app.features).script(for: shell)
    #expect(!script.contains("$(id)") && !script.contains("x y"))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-completion-\(UUID()).\(shell)")
    try script.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let all = try Shell.complete(shell, script: file.path, words: ["kumiki", "menu", "search", "--category", ""])
    #expect(Set(all) == ["和食", "洋食", "カレー"])
    if shell != .zsh {  // the zsh stub of compadd prints every candidate; zsh itself filters by prefix
      let curry = try Shell.complete(shell, script: file.path, words: ["kumiki", "menu", "search", "--category", "カ"])
      #expect(curry == ["カレー"])
    }
  }

  @Test func wordsThatAreNotPlainAreLeftOut() throws {
    let hostile = try FeatureRegistry([CounterFeature.module().mounted(as: "x';rm -rf ~;'").erased]).assemble()
    let script = CompletionScript(commands: hostile.commands, features: hostile.features).script(for: .bash)
    #expect(!script.contains("rm -rf"))
  }

  @Test(arguments: CompletionShell.allCases) func scriptParsesInItsShell(_ shell: CompletionShell) throws {
    let file = try temporaryScript(for: shell)
    defer { try? FileManager.default.removeItem(at: file) }
    let check = shell == .fish ? ["--no-config", "--no-execute", file.path] : Shell.clean(shell) + ["-n", file.path]
    let run = try Shell.run(shell, check)
    #expect(run.status == 0, "\(shell) rejects the script: \(run.errors)")
  }

  /// Each shell completes real command lines with the script loaded: the words that come next, an option's
  /// choices, and nothing from another command.
  @Test(arguments: CompletionShell.allCases) func shellCompletesCommandLines(_ shell: CompletionShell) throws {
    let file = try temporaryScript(for: shell)
    defer { try? FileManager.default.removeItem(at: file) }
    let root = Set(try Shell.complete(shell, script: file.path, words: ["kumiki", ""]))
    #expect(root.isSuperset(of: ["counter", "catalogue", "features", "completion"]))
    let counter = Set(try Shell.complete(shell, script: file.path, words: ["kumiki", "counter", ""]))
    #expect(counter.isSuperset(of: ["add", "reset"]))
    #expect(!counter.contains("list"))
    let line = ["kumiki", "catalogue", "list", "--category", ""]
    #expect(Set(try Shell.complete(shell, script: file.path, words: line)) == ["food", "drink"])
  }

  /// `kumiki replay`: its options, the recorded feature keys for `--feature`, and files for the recording.
  @Test(arguments: CompletionShell.allCases) func shellCompletesReplay(_ shell: CompletionShell) throws {
    let file = try temporaryScript(for: shell)
    defer { try? FileManager.default.removeItem(at: file) }
    let root = Set(try Shell.complete(shell, script: file.path, words: ["kumiki", ""]))
    #expect(root.contains("replay"))
    let feature = ["kumiki", "replay", "s.jsonl", "--emit-test", "T", "--feature", ""]
    #expect(Set(try Shell.complete(shell, script: file.path, words: feature)) == ["counter", "catalogue"])
    if shell != .fish {  // fish lists options for a word starting with `-` only when asked with one
      let options = Set(try Shell.complete(shell, script: file.path, words: ["kumiki", "replay", "s.jsonl", "--"]))
      #expect(options.isSuperset(of: ["--until", "--emit-test", "--feature", "--force"]))
    }
  }

  /// The script registers `_kumiki` for `kumiki` the way each shell's completion system looks it up.
  @Test(arguments: [CompletionShell.bash, .zsh]) func scriptRegistersTheCompletionFunction(
    _ shell: CompletionShell
  )
    throws
  {
    let file = try temporaryScript(for: shell)
    defer { try? FileManager.default.removeItem(at: file) }
    let program =
      shell == .bash
      ? "source '\(file.path)'; complete -p kumiki"
      : "autoload -Uz compinit; compinit -u -D; source '\(file.path)'; print -r -- \"$_comps[kumiki]\""
    let run = try Shell.run(shell, Shell.clean(shell) + ["-c", program])
    #expect(run.status == 0, "\(shell): \(run.errors)")
    let expected = shell == .bash ? "complete -F _kumiki kumiki" : "_kumiki"
    #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines) == expected)
  }

  func temporaryScript(for shell: CompletionShell) throws -> URL {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-completion-\(UUID()).\(shell)")
    try generator.script(for: shell).write(to: file, atomically: true, encoding: .utf8)
    return file
  }
}

/// Runs the real shells (bash, zsh and fish come with `make bootstrap`).
enum Shell {
  struct Run {
    var status: Int32
    var output: String
    var errors: String
  }

  /// Options that keep the user's start-up files out (they could print, alias or define completions).
  static func clean(_ shell: CompletionShell) -> [String] {
    switch shell {
    case .bash: ["--norc", "--noprofile"]
    case .zsh: ["-f"]
    case .fish: ["--no-config"]
    }
  }

  /// Runs `shell` with `arguments` in an empty temporary `HOME`.
  static func run(_ shell: CompletionShell, _ arguments: [String]) throws -> Run {
    let path = "/usr/bin/\(shell.rawValue)"
    try #require(FileManager.default.isExecutableFile(atPath: path), "\(path) is missing: run make bootstrap")
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-shell-home-\(UUID())")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home.path
    environment["XDG_CONFIG_HOME"] = home.path + "/.config"
    environment["XDG_DATA_HOME"] = home.path + "/.local/share"
    environment.removeValue(forKey: "ZDOTDIR")
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Outputs are a few lines: reading to the end before waiting cannot fill a pipe.
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
      errors: String(decoding: err, as: UTF8.self))
  }

  /// The candidates `shell` offers for the last of `words` (the word being typed; "" for a new word), with the
  /// script at `script` loaded.
  static func complete(_ shell: CompletionShell, script: String, words: [String]) throws -> [String] {
    let program: String
    switch shell {
    case .bash:
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      program = """
        source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _kumiki
        printf '%s\\n' "${COMPREPLY[@]}"
        """
    case .zsh:
      // Outside a completion widget: `compadd` and `compdef` are stubs that print and ignore.
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      program = """
        compdef() { :; }; compadd() { [[ $1 == -- ]] && shift; print -l -- "$@"; }
        source '\(script)'; words=(\(quoted)); CURRENT=\(words.count); _kumiki
        """
    case .fish:
      program = "source '\(script)'; complete --do-complete '\(words.joined(separator: " "))' | string split -f1 \\t"
    }
    let run = try run(shell, clean(shell) + ["-c", program])
    #expect(run.status == 0, "\(shell): \(run.errors)")
    return run.output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }
}
