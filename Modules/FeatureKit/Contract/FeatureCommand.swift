import Presentation

/// A command-line command a feature contributes. The CLI builds its command tree from these: the app names no
/// feature. The command runs by dispatching `actions`, awaiting the store settling, then printing `output`.
public struct FeatureCommand<State: Sendable, Action: Sendable>: Sendable {
  /// What the command looks like (words, help, arguments): all that help, `kumiki features` and completion read.
  public var description: CommandDescription
  /// The actions to dispatch for parsed input, in order. Throw ``CommandError/usage(_:)`` for bad input.
  public var actions: @Sendable (CommandInput) throws -> [Action]
  /// What to print once the store has settled.
  public var output: @Sendable (State, CommandInput) -> CommandOutput

  /// A command from its description and its behaviour: the description can be a constant the feature's
  /// ``FeatureEntry/descriptions`` also use.
  public init(
    _ description: CommandDescription,
    actions: @escaping @Sendable (CommandInput) throws -> [Action],
    output: @escaping @Sendable (State, CommandInput) -> CommandOutput
  ) {
    self.description = description
    self.actions = actions
    self.output = output
  }

  /// A command described in place (see ``CommandDescription`` for the fields).
  public init(
    path: [String],
    abstract: String,
    examples: [String] = [],
    arguments: [CommandArgument] = [],
    actions: @escaping @Sendable (CommandInput) throws -> [Action],
    output: @escaping @Sendable (State, CommandInput) -> CommandOutput
  ) {
    self.init(
      CommandDescription(path: path, abstract: abstract, examples: examples, arguments: arguments), actions: actions,
      output: output)
  }

  /// The words after the feature key (``CommandDescription/path``).
  public var path: [String] {
    get { description.path }
    set { description.path = newValue }
  }
  /// One line for help (``CommandDescription/abstract``).
  public var abstract: String {
    get { description.abstract }
    set { description.abstract = newValue }
  }
  /// Example invocations, relative to the feature's key (``CommandDescription/examples``).
  public var examples: [String] {
    get { description.examples }
    set { description.examples = newValue }
  }
  /// Arguments, options and flags (``CommandDescription/arguments``).
  public var arguments: [CommandArgument] {
    get { description.arguments }
    set { description.arguments = newValue }
  }
}

/// One argument of a ``FeatureCommand``.
public struct CommandArgument: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// A positional value.
    case positional(optional: Bool)
    /// `--name value`; `choices` restricts the values when not empty.
    case option(choices: [String])
    /// `--name`.
    case flag
  }

  public var name: String
  public var help: String
  public var kind: Kind

  public init(name: String, help: String, kind: Kind) {
    self.name = name
    self.help = help
    self.kind = kind
  }

  public static func positional(_ name: String, help: String, optional: Bool = false) -> Self {
    Self(name: name, help: help, kind: .positional(optional: optional))
  }

  public static func option(_ name: String, help: String, choices: [String] = []) -> Self {
    Self(name: name, help: help, kind: .option(choices: choices))
  }

  public static func flag(_ name: String, help: String) -> Self {
    Self(name: name, help: help, kind: .flag)
  }
}

/// Parsed values of a command's arguments, by name.
public struct CommandInput: Sendable, Equatable {
  public var values: [String: String]
  public var flags: Set<String>

  public init(values: [String: String] = [:], flags: Set<String> = []) {
    self.values = values
    self.flags = flags
  }

  public subscript(_ name: String) -> String? { values[name] }

  /// A whole number in `range` (read by ``BoundedNumber``), or a usage error naming the argument and the range.
  public func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
    guard let text = values[name] else { return nil }
    switch BoundedNumber.integer(text, in: range) {
    case .success(let value): return value
    case .failure(.notANumber): throw CommandError.usage("\(name) must be a whole number, got '\(text)'")
    case .failure(.outOfRange(_, let expected)):
      throw CommandError.usage("\(name) must be \(expected), got '\(text)'")
    }
  }
}

/// What a command prints: a view for people, a JSON value for machines, or a failure.
public enum CommandOutput: Sendable {
  /// Success: `view` for text output, `json` for `--json`.
  case success(view: ViewNode<Never>, json: JSONValue)
  /// The command failed (exit status 1) with a one-line reason.
  case failure(String)
  /// The command's write met a newer change on the server and wrote nothing (a `412` to its `If-Match`: someone
  /// changed the item since this app last read it): exit status 3, the one-line message on standard error, and with
  /// `--json` also `json` on standard output (`{"conflict":{"message":…,"yours":…,"theirs":…}}`).
  case conflict(String, json: JSONValue)
}

/// Errors commands throw while turning input into actions.
public enum CommandError: Error, Equatable, CustomStringConvertible {
  /// Bad arguments (exit status 64).
  case usage(String)

  public var description: String {
    switch self {
    case .usage(let message): message
    }
  }
}
