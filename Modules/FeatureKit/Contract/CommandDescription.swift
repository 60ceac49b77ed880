/// What a command looks like, without what it does: the words, the help and the arguments. Help, `kumiki features`
/// and shell completion read only this, so they never build a feature; a ``FeatureCommand`` is a description plus
/// its behaviour.
public struct CommandDescription: Sendable, Equatable {
  /// The words after the feature key (`["search"]` → `kumiki archive search`); empty for the group itself
  /// (`kumiki home`).
  public var path: [String]
  /// One line for help.
  public var abstract: String
  /// Example invocations for help, relative to the feature's key: `"search カレー"` is shown as `kumiki archive
  /// search カレー` on the `archive` mount and `kumiki curry search カレー` on `curry`; `""` is the key alone.
  public var examples: [String]
  /// Arguments, options and flags.
  public var arguments: [CommandArgument]

  public init(path: [String], abstract: String, examples: [String] = [], arguments: [CommandArgument] = []) {
    self.path = path
    self.abstract = abstract
    self.examples = examples
    self.arguments = arguments
  }
}
