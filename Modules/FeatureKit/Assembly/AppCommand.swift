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

  /// The full command words: the feature key then the path.
  public var words: [String] { [featureKey] + path }
}
