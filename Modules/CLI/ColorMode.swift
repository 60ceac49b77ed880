/// When text output is coloured: `--color=auto|always|never` (`--no-color` is `never`).
public enum ColorMode: String, Sendable, Equatable, CaseIterable {
  /// Only on a capable terminal, unless `NO_COLOR` is set (the default; ``OutputPolicy/colorEnabled(stdoutIsTerminal:environment:mode:)``).
  case auto
  /// Always, even into a pipe or a file, and whatever `NO_COLOR` says (an explicit flag wins, as no-color.org
  /// allows). Never with `--json`.
  case always
  /// Never.
  case never
}
