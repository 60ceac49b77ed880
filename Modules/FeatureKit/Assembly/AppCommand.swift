/// A feature's command mounted in an app: its actions already addressed to the feature's slot.
public struct AppCommand: Sendable {
  /// The key of the feature that contributed it; the first word of the command line.
  public let featureKey: String
  /// The words after the key.
  public let path: [String]
  public let abstract: String
  /// Example invocations without `kumiki`, starting with the feature key (the mount's: ``FeatureCommand/examples``
  /// are relative to it).
  public let examples: [String]
  public let arguments: [CommandArgument]
  /// The app actions to dispatch for the parsed input.
  public let actions: @Sendable (CommandInput) throws -> [AppAction]
  /// What to print once the store has settled.
  public let output: @Sendable (AppState, CommandInput) -> CommandOutput

  /// The command `description` of the feature mounted under `featureKey`, with its behaviour.
  public init(
    featureKey: String,
    description: CommandDescription,
    actions: @escaping @Sendable (CommandInput) throws -> [AppAction],
    output: @escaping @Sendable (AppState, CommandInput) -> CommandOutput
  ) {
    self.featureKey = featureKey
    self.path = description.path
    self.abstract = description.abstract
    self.examples = description.examples.map { $0.isEmpty ? featureKey : featureKey + " " + $0 }
    self.arguments = description.arguments
    self.actions = actions
    self.output = output
  }

  /// The commands of the described mounts, for reading only — help, `kumiki features`, completion — when no app is
  /// built (`kumiki --help`). Running one is refused: its actions throw a usage error and its output is a failure.
  public static func described(_ features: [FeatureDescription]) -> [AppCommand] {
    features.flatMap { feature in
      feature.commands.map { command in
        let name = ([feature.key] + command.path).joined(separator: " ")
        return AppCommand(
          featureKey: feature.key,
          description: command,
          actions: { _ in throw CommandError.usage("'\(name)' is described only; it runs in an assembled app") },
          output: { _, _ in .failure("'\(name)' is described only; it runs in an assembled app") })
      }
    }
  }

  /// The full command words: the feature key then the path.
  public var words: [String] { [featureKey] + path }
}
