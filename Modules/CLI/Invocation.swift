import FeatureKit

/// What a command line asks for, once parsed by ``CommandLineParser``.
public enum Invocation: Sendable {
  /// Run a feature's command with its parsed input.
  case run(AppCommand, CommandInput)
  /// Print help (`--help`, `-h`, `help [command]`, or no command at all).
  case help(HelpTopic)
  /// List the registered features (`kumiki features`).
  case features
  /// Print a shell completion script (`kumiki completion bash|zsh|fish`).
  case completion(CompletionShell)
  /// Print the version (`kumiki --version`).
  case version
  /// Print the manual page, roff (`kumiki man`).
  case manual
}

/// What help is about.
public enum HelpTopic: Sendable {
  /// The whole tool: examples, usage, every command grouped by feature, options, exit codes, environment.
  case root
  /// One command, with its subcommands if it has any.
  case command(AppCommand)
  /// A feature key that is not itself a command (`kumiki archive --help`): its commands.
  case group(String)
}

/// A shell `kumiki completion` writes a script for.
public enum CompletionShell: String, Sendable, CaseIterable {
  case bash, zsh, fish
}
