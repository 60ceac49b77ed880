import Foundation

/// The global options of `kumiki`, valid before or after the command: the launch options both apps share
/// (``LaunchArguments``: `--api URL`, `--db PATH`, `--features LIST`, `--fresh`) and `--json [FIELDS]`, `--jq EXPR`,
/// `--color [WHEN]`, `--no-color`, `--no-pager`, `--verbose`.
///
/// The composition root builds the app from these (``KumikiCLI/main(arguments:environment:version:standardOutput:standardError:makeApp:)``
/// passes them to `makeApp`).
public struct CLIOptions: Sendable, Equatable {
  /// The backend's base URL (`--api`, else `KUMIKI_API_URL`); `nil` means the embedded fixture server on an
  /// ephemeral loopback port. Any json-server-compatible backend works.
  public var api: URL?
  /// The database file (`--db`, else `KUMIKI_DB`); `nil` means the default location.
  public var db: String?
  /// The feature keys to mount (`--features home,archive`), in the order given; empty means every feature.
  public var features: [String]
  /// `--json` (or `--jq`): print the command's JSON on standard output instead of text.
  public var json: Bool
  /// `--json FIELDS`: the fields of the JSON to keep (``JSONFields``), in the order given; empty keeps them all.
  public var jsonFields: [String] = []
  /// `--jq EXPR`: the filter the JSON goes through (checked when parsed; the grammar is in the CLI's README);
  /// `nil` prints it as it is.
  public var jq: String?
  /// `--no-pager`: never page long output (``Pager``).
  public var noPager = false
  /// The word `--json WORD` took as its fields and where it stood among the remaining arguments, so that a word
  /// that turns out to continue the command's words is given back (``CommandLineParser/reclaimingJSONWord(_:_:)``).
  var jsonWord: (word: String, position: Int)? {
    get { jsonWordText.map { ($0, jsonWordPosition) } }
    set {
      jsonWordText = newValue?.word
      jsonWordPosition = newValue?.position ?? 0
    }
  }
  var jsonWordText: String?
  var jsonWordPosition = 0
  /// `--color=auto|always|never` (`--color` alone: always; `--no-color`: never); `auto` when not given.
  public var color: ColorMode
  /// `--verbose`: diagnostics (dispatched actions, timings) on standard error.
  public var verbose: Bool
  /// `--fresh`: bypass the response cache; every read goes to the network (and fails when it is down).
  public var fresh: Bool

  /// Options with explicit values; every parameter defaults to "not given".
  public init(
    api: URL? = nil, db: String? = nil, features: [String] = [], json: Bool = false, color: ColorMode = .auto,
    verbose: Bool = false, fresh: Bool = false
  ) {
    self.fresh = fresh
    self.api = api
    self.db = db
    self.features = features
    self.json = json
    self.color = color
    self.verbose = verbose
  }

  /// Every global option's name, for "did you mean" on an unknown option.
  public static let names = [
    "--api", "--db", "--features", "--fresh", "--json", "--jq", "--color", "--no-color", "--no-pager", "--verbose",
    "--help", "--version",
  ]

  /// Takes the global options out of `arguments` (the command line without the program name) wherever they
  /// appear before a `--`, and returns them with the remaining arguments in order (a `--` is kept in them).
  ///
  /// The launch options (`--api`, `--db`, `--features`, `--fresh`) and their environment are parsed as `kumiki-tui`
  /// parses them, by ``LaunchArguments/parse(_:environment:program:)``; the rest here. Accepts `--name value` and
  /// `--name=value`; a flag given a value (`--json=yes`), a missing value, or an `--api` that is not an absolute
  /// http(s) URL (also from `KUMIKI_API_URL`) is a ``UsageError``. Empty environment variables count as unset.
  public static func parse(
    _ arguments: [String], environment: [String: String] = [:]
  ) throws(UsageError) -> (options: CLIOptions, remaining: [String]) {
    let (launch, rest) = try LaunchArguments.parse(arguments, environment: environment)
    var options = CLIOptions(api: launch.api, db: launch.db, features: launch.features, fresh: launch.fresh)
    var remaining: [String] = []
    var index = 0
    while index < rest.count {
      let argument = rest[index]
      index += 1
      if argument == "--" {
        remaining += rest[(index - 1)...]
        break
      }
      let (name, inlineValue) = split(argument)
      switch name {
      case "--color":
        // `--color=WHEN`, or `--color WHEN` when the next word is one of the three: `kumiki --color home` never
        // takes `home` as one (a bare `--color` is `always`).
        guard let inlineValue else {
          if index < rest.count, let mode = ColorMode(rawValue: rest[index]) {
            options.color = mode
            index += 1
          } else {
            options.color = .always
          }
          continue
        }
        guard let mode = ColorMode(rawValue: inlineValue) else {
          throw UsageError(
            "--color must be auto, always or never, got '\(TextLine.clean(inlineValue))'",
            details: ["Usage: kumiki --color=auto|always|never <command> …"])
        }
        options.color = mode
      case "--json":
        // `--json=FIELDS` anywhere; `--json FIELDS` once a command word was given and the next word is a field
        // list (`<command> --json id,title`), so `kumiki --json home` and `counter add --json 4` keep theirs.
        options.json = true
        if let inlineValue {
          options.jsonFields = try JSONFields.parse(inlineValue)
        } else if index < rest.count, remaining.contains(where: { !$0.hasPrefix("-") }),
          JSONFields.isFieldList(rest[index])
        {
          options.jsonFields = try JSONFields.parse(rest[index])
          options.jsonWord = (rest[index], remaining.count)
          index += 1
        }
      case "--jq":
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < rest.count {
          value = rest[index]
          index += 1
        } else {
          throw UsageError("missing value for --jq", details: ["Usage: kumiki <command> --jq <expression>"])
        }
        options.json = true
        _ = try JSONFilter(value)
        options.jq = value
      case "--no-color", "--verbose", "--no-pager":
        if inlineValue != nil { throw UsageError("\(name) takes no value") }
        switch name {
        case "--no-pager": options.noPager = true
        case "--no-color": options.color = .never
        default: options.verbose = true
        }
      default:
        remaining.append(argument)
      }
    }
    return (options, remaining)
  }

  /// `--name=value` → ("--name", "value"); anything else → (argument, nil).
  static func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
