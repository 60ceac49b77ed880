import Foundation

/// The commands the built `kumiki` offers, found as a user finds them — `kumiki features --json`, then each
/// command's `--help` — so app-level tests reach every feature's commands without naming a feature.
public struct CommandCatalog: Sendable {
  /// One command: its words, its positional arguments and its options (`--name` and whether it takes a value).
  public struct Command: Sendable {
    /// The words that name it (a feature key, and a subcommand's name if it has one).
    public var words: [String]
    /// Its positional arguments, as its usage line names them (`<keyword>`).
    public var positionals: [String]
    /// Its options: `--name` and whether it takes a value.
    public var options: [(name: String, takesValue: Bool)]
    /// Options whose help states a whole-number range (`1...1000000`, or `1…1000000`): name and range.
    public var numericOptions: [(name: String, range: ClosedRange<Int>)]
  }

  /// One registered feature as `kumiki features --json` lists it.
  public struct Feature: Sendable {
    /// Its key (`kumiki KEY …`, `--features KEY`).
    public var key: String
    /// Its title (the tab's label).
    public var title: String
    /// Whether it has a screen: a tab in kumiki-tui.
    public var screen: Bool
    /// Its commands, each as its words joined by spaces.
    public var commands: [String]
  }

  /// Every feature command, in the order `kumiki features` lists them.
  public let commands: [Command]

  /// The registered feature keys, in tab order, as `kumiki features --json` lists them.
  public static func featureKeys(_ binary: String, environment: [String: String] = [:]) async throws -> [String] {
    try await features(binary, environment: environment).map(\.key)
  }

  /// The registered features, in tab order, as `kumiki features --json` lists them.
  public static func features(_ binary: String, environment: [String: String] = [:]) async throws -> [Feature] {
    let listing = try await CommandResult.launch(binary, ["features", "--json"], environment: environment)
    let object = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [String: Any]
    return (object?["features"] as? [[String: Any]] ?? []).compactMap { entry in
      guard let key = entry["key"] as? String else { return nil }
      return Feature(
        key: key, title: entry["title"] as? String ?? key, screen: entry["screen"] as? Bool ?? false,
        commands: entry["commands"] as? [String] ?? [])
    }
  }

  /// Reads every feature command's `--help` from the built `binary`.
  public static func load(_ binary: String, environment: [String: String] = [:]) async throws -> CommandCatalog {
    let listing = try await CommandResult.launch(binary, ["features", "--json"], environment: environment)
    let object = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [String: Any]
    let features = object?["features"] as? [[String: Any]] ?? []
    var commands: [Command] = []
    for line in features.flatMap({ $0["commands"] as? [String] ?? [] }) {
      let words = line.split(separator: " ").map(String.init)
      let help = try await CommandResult.launch(binary, words + ["--help"], environment: environment).stdout
      commands.append(parse(words: words, help: help))
    }
    return CommandCatalog(commands: commands)
  }

  /// Reads the USAGE line (`[<keyword>] [--category <…>] [--last]`) and the OPTIONS section of a command's help.
  public static func parse(words: [String], help: String) -> Command {
    let lines = help.split(separator: "\n").map(String.init)
    let usage = lines.first { $0.hasPrefix("USAGE: ") } ?? ""
    let tokens = usage.dropFirst("USAGE: kumiki ".count + words.joined(separator: " ").count)
      .split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
    var positionals: [String] = []
    var options: [(name: String, takesValue: Bool)] = []
    for (index, token) in tokens.enumerated() {
      if token.hasPrefix("--") {
        options.append((token, index + 1 < tokens.count && tokens[index + 1].hasPrefix("<")))
      } else if token.hasPrefix("<"), index == 0 || !tokens[index - 1].hasPrefix("--") {
        positionals.append(token)
      }
    }
    var numeric: [(name: String, range: ClosedRange<Int>)] = []
    for line in lines where line.hasPrefix("  --") {
      let name = String(line.dropFirst(2).prefix { $0 != " " })
      guard let match = line.firstMatch(of: /(\d+)(?:…|\.\.\.)(\d+)/), let low = Int(match.1), let high = Int(match.2)
      else {
        continue
      }
      numeric.append((name, low...high))
    }
    return Command(words: words, positionals: positionals, options: options, numericOptions: numeric)
  }
}
