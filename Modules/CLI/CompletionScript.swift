import FeatureAssembly
import FeatureKit
import Terminal

/// Shell completion scripts for `kumiki`, generated from the app's commands: command words level by level, each
/// command's options (and their choices), the built-ins and the global options.
///
/// Install with `source <(kumiki completion bash)`, `kumiki completion zsh > "${fpath[1]}/_kumiki"` or
/// `kumiki completion fish > ~/.config/fish/completions/kumiki.fish`. Words that are not plain (letters and
/// digits of any script — `和食`, `カレー` — and `._:-`) are left out, so nothing from a registry can inject shell
/// code.
public struct CompletionScript: Sendable {
  /// The app's commands.
  public let commands: [AppCommand]
  /// The mounted features (their keys complete `--features`).
  public let features: [MountedFeature]

  /// A generator for `commands` of `features`.
  public init(commands: [AppCommand], features: [MountedFeature]) {
    self.commands = commands.filter { $0.words.allSatisfy(Self.isPlain) }
    self.features = features
  }

  /// The script for `shell`.
  public func script(for shell: CompletionShell) -> String {
    switch shell {
    case .bash: bash()
    case .zsh: zsh()
    case .fish: fish()
    }
  }

  // MARK: Model

  /// A completion context: the command words typed so far.
  struct Node {
    var path: String
    /// Words that may come next, with a description.
    var words: [(word: String, help: String)]
    /// `--name` options of the command at this path (and their choices; `nil` for flags).
    var options: [(name: String, choices: [String]?, help: String)]
  }

  /// Every path that has something to complete, root first.
  var nodes: [Node] {
    var paths = [""]
    for command in commands {
      for depth in 1...command.words.count {
        let path = command.words.prefix(depth).joined(separator: " ")
        if !paths.contains(path) { paths.append(path) }
      }
    }
    var nodes = paths.map { path in
      let depth = path.isEmpty ? 0 : path.split(separator: " ").count
      var words: [(String, String)] = []
      for command in commands where command.words.count > depth {
        guard command.words.prefix(depth).joined(separator: " ") == path else { continue }
        let word = command.words[depth]
        guard !words.contains(where: { $0.0 == word }) else { continue }
        let exact = commands.first { $0.words == Array(command.words.prefix(depth + 1)) }
        words.append((word, exact?.abstract ?? command.featureKey))
      }
      let command = commands.first { $0.name == path }
      let options = (command?.arguments ?? []).compactMap { argument -> (String, [String]?, String)? in
        guard Self.isPlain(argument.name) else { return nil }
        switch argument.kind {
        case .positional: return nil
        case .flag: return ("--" + argument.name, nil, argument.help)
        case .option(let choices): return ("--" + argument.name, choices.filter(Self.isPlain), argument.help)
        }
      }
      return Node(path: path, words: words, options: options)
    }
    nodes[0].words += [
      ("features", "List the registered features."), ("help", "Show help."),
      ("completion", "Print a completion script."), ("man", "Print the manual page."),
      ("cache", "Show or clear the response cache."),
      ("fixtures", "Manage the embedded API's data."),
      ("outbox", "List or send the changes waiting to send."),
      ("replay", "Replay a recorded session."),
    ]
    nodes.append(Node(path: "completion", words: CompletionShell.allCases.map { ($0.rawValue, "") }, options: []))
    nodes.append(Node(path: "cache", words: CacheCommand.allCases.map { ($0.rawValue, "") }, options: []))
    nodes.append(Node(path: "fixtures", words: FixturesCommand.allCases.map { ($0.rawValue, "") }, options: []))
    nodes.append(Node(path: "fixtures reset", words: [], options: [("--yes", nil, "Reset without asking.")]))
    nodes.append(
      Node(path: "outbox", words: ["list", "send", "discard", "retry"].map { ($0, "") }, options: []))
    nodes.append(
      Node(
        path: "replay", words: [],
        options: [
          ("--until", [], "Stop after action n."), ("--emit-test", [], "Write a test with this name."),
          ("--feature", featureKeys, "The feature the test is for."),
          ("--force", nil, "Overwrite an existing test file."),
        ]))
    nodes.append(Node(path: "help", words: nodes[0].words.filter { $0.0 != "help" }, options: []))
    return nodes
  }

  static let globalFlags = [
    "--fresh", "--json", "--color", "--no-color", "--no-pager", "--verbose", "--help", "--version",
  ]
  static let globalValueOptions = ["--api", "--db", "--features", "--jq"]

  var featureKeys: [String] { features.map(\.key).filter(Self.isPlain) }

  // MARK: bash

  func bash() -> String {
    let nodes = self.nodes
    let known = nodes.map(\.path).filter { !$0.isEmpty }.map { "'\($0)'" }.joined(separator: "|")
    var valueCases = ""
    var wordCases = ""
    for node in nodes {
      for option in node.options {
        guard let choices = option.choices else { continue }
        valueCases += "    '\(node.path)|\(option.name)') words='\(choices.joined(separator: " "))'; valued=1 ;;\n"
      }
      let all = node.words.map(\.word) + node.options.map(\.name) + Self.globalValueOptions + Self.globalFlags
      wordCases += "    '\(node.path)') words='\(all.joined(separator: " "))' ;;\n"
    }
    return """
      # bash completion for kumiki (generated by `kumiki completion bash`).
      # Install: source <(kumiki completion bash)
      _kumiki() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev="" at="" word words="" valued=0 i
        [[ $COMP_CWORD -gt 0 ]] && prev="${COMP_WORDS[COMP_CWORD-1]}"
        for ((i = 1; i < COMP_CWORD; i++)); do
          word="${COMP_WORDS[i]}"
          case "$word" in -*) continue ;; esac
          case "${at:+$at }$word" in
            \(known.isEmpty ? "''" : known)) at="${at:+$at }$word" ;;
          esac
        done
        case "$prev" in
          --db|--output) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
          --api) COMPREPLY=(); return 0 ;;
          --features) COMPREPLY=($(compgen -W '\(featureKeys.joined(separator: " "))' -- "$cur")); return 0 ;;
        esac
        case "$at|$prev" in
      \(valueCases)  esac
        if [[ $valued -eq 0 && "$at" == replay && "$cur" != -* ]]; then
          COMPREPLY=($(compgen -f -- "$cur")); return 0
        fi
        if [[ $valued -eq 0 ]]; then
          case "$at" in
      \(wordCases)    esac
        fi
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
      }
      complete -F _kumiki kumiki

      """
  }

  // MARK: zsh

  func zsh() -> String {
    let nodes = self.nodes
    let known = nodes.map(\.path).filter { !$0.isEmpty }.map { "'\($0)'" }.joined(separator: "|")
    var valueCases = ""
    var wordCases = ""
    for node in nodes {
      for option in node.options {
        guard let choices = option.choices else { continue }
        valueCases +=
          "    ('\(node.path)|\(option.name)') candidates=(\(choices.joined(separator: " "))); valued=1 ;;\n"
      }
      let all = node.words.map(\.word) + node.options.map(\.name) + Self.globalValueOptions + Self.globalFlags
      wordCases += "      ('\(node.path)') candidates=(\(all.joined(separator: " "))) ;;\n"
    }
    return """
      #compdef kumiki
      # zsh completion for kumiki (generated by `kumiki completion zsh`).
      # Install: kumiki completion zsh > "${fpath[1]}/_kumiki", or source <(kumiki completion zsh) after compinit.
      _kumiki() {
        local at="" word prev="${words[CURRENT-1]}" valued=0 i
        local -a candidates
        for ((i = 2; i < CURRENT; i++)); do
          word="${words[i]}"
          [[ "$word" == -* ]] && continue
          case "${at:+$at }$word" in
            (\(known.isEmpty ? "''" : known)) at="${at:+$at }$word" ;;
          esac
        done
        case "$prev" in
          (--db|--output) _files; return ;;
          (--api) return 1 ;;
          (--features) compadd -- \(featureKeys.joined(separator: " ")); return ;;
        esac
        case "$at|$prev" in
      \(valueCases)  esac
        if (( ! valued )) && [[ "$at" == replay && "${words[CURRENT]}" != -* ]]; then
          _files; return
        fi
        if (( ! valued )); then
          case "$at" in
      \(wordCases)    esac
        fi
        compadd -- "${candidates[@]}"
      }
      if [[ "${zsh_eval_context[-1]}" == loadautofunc ]]; then
        _kumiki "$@"
      else
        compdef _kumiki kumiki
      fi

      """
  }

  // MARK: fish

  func fish() -> String {
    let nodes = self.nodes
    let known = nodes.map(\.path).filter { !$0.isEmpty }.map { "'\($0)'" }.joined(separator: " ")
    var lines: [String] = []
    for node in nodes {
      let condition = "-n '__kumiki_at \"\(node.path)\"'"
      for (word, help) in node.words {
        lines.append("complete -c kumiki \(condition) -a \(word) -d \(Self.fishQuoted(help))")
      }
      for option in node.options {
        let name = option.name.dropFirst(2)
        if let choices = option.choices {
          let values = choices.isEmpty ? "" : " -a '\(choices.joined(separator: " "))'"
          lines.append("complete -c kumiki \(condition) -l \(name) -x\(values) -d \(Self.fishQuoted(option.help))")
        } else {
          lines.append("complete -c kumiki \(condition) -l \(name) -d \(Self.fishQuoted(option.help))")
        }
      }
    }
    return """
      # fish completion for kumiki (generated by `kumiki completion fish`).
      # Install: kumiki completion fish > ~/.config/fish/completions/kumiki.fish
      function __kumiki_at
          set -l tokens (commandline -opc)
          set -e tokens[1]
          set -l at ''
          for word in $tokens
              string match -q -- '-*' $word; and continue
              set -l next (string trim -- "$at $word")
              if contains -- $next \(known)
                  set at $next
              end
          end
          test "$at" = "$argv[1]"
      end
      complete -c kumiki -f
      complete -c kumiki -l api -x -d 'Backend base URL (env KUMIKI_API_URL)'
      complete -c kumiki -l db -r -F -d 'Database file (env KUMIKI_DB)'
      complete -c kumiki -n '__kumiki_at "replay"' -F -d 'Recording (JSON Lines)'
      complete -c kumiki -n '__kumiki_at "replay"' -l output -r -F -d 'Where the test goes'
      complete -c kumiki -l features -x -a '\(featureKeys.joined(separator: " "))' -d 'Feature keys to mount'
      complete -c kumiki -l json -d 'Print JSON on standard output'
      complete -c kumiki -l color -f -a 'auto always never' -d 'Colour: auto, always or never (--color=WHEN)'
      complete -c kumiki -l no-color -d 'Never colour the output'
      complete -c kumiki -l verbose -d 'Diagnostics on standard error'
      complete -c kumiki -s h -l help -d 'Show help'
      complete -c kumiki -l version -d 'Show the version'
      \(lines.joined(separator: "\n"))

      """
  }

  // MARK: Quoting

  /// Letters and digits of any script (`和食`, `カレー`: none is special to bash, zsh or fish, quoted or not) and
  /// `._:-` only, not starting with `-`. Whitespace, quotes, `$`, `;`, controls and format characters are not plain.
  static func isPlain(_ word: String) -> Bool {
    !word.isEmpty && !word.hasPrefix("-")
      && word.unicodeScalars.allSatisfy { scalar in
        let properties = scalar.properties
        return (properties.isAlphabetic && !properties.isWhitespace) || properties.numericType == .decimal
          || "._:-".unicodeScalars.contains(scalar)
      }
  }

  /// `text` as one inert line in fish single quotes (`\` and `'` escaped).
  static func fishQuoted(_ text: String) -> String {
    var quoted = "'"
    for character in TextLine.clean(text) {
      if character == "\\" || character == "'" { quoted.append("\\") }
      quoted.append(character)
    }
    return quoted + "'"
  }
}
