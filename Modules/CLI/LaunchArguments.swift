import Foundation
import Networking

/// The options both apps start from, and the environment behind them: `--api URL` (else `KUMIKI_API_URL`), `--db
/// PATH` (else `KUMIKI_DB`), `--features LIST` and `--fresh`. `kumiki` takes them before or after its command
/// (``CLIOptions/parse(_:environment:)``), `kumiki-tui` on its own; both parse them here, once, so a value means the
/// same to either: an empty variable is unset, an option wins over its variable, `--api` (or the variable) is an
/// absolute http(s) URL, a list is comma-separated with blanks trimmed and empty items dropped.
public struct LaunchArguments: Sendable, Equatable {
  /// The backend's base URL; `nil` means the embedded fixture API on an ephemeral loopback port.
  public var api: URL?
  /// The database file; `nil` means the default location.
  public var db: String?
  /// The feature keys to mount, in the order given; empty means every feature.
  public var features: [String]
  /// Bypass the response cache: every read goes to the network.
  public var fresh: Bool

  /// Arguments with explicit values; every parameter defaults to "not given".
  public init(api: URL? = nil, db: String? = nil, features: [String] = [], fresh: Bool = false) {
    self.api = api
    self.db = db
    self.features = features
    self.fresh = fresh
  }

  /// One launch option as both apps' help describes it.
  public struct Option: Sendable, Equatable {
    /// `--api`.
    public var name: String
    /// What its value is (`url`), or `nil` for a flag.
    public var value: String?
    /// The environment variable read when it is not given, if any.
    public var variable: String?
    /// One line of help.
    public var help: String
  }

  /// The environment variable read when `--api` is absent.
  public static let apiVariable = "KUMIKI_API_URL"
  /// The environment variable read when `--db` is absent.
  public static let databaseVariable = "KUMIKI_DB"

  /// Every launch option, in the order help lists them.
  public static let options: [Option] = [
    Option(
      name: "--api", value: "url", variable: apiVariable,
      help: "Backend base URL, any json-server-compatible API (default: the embedded fixture API on a free port)."),
    Option(
      name: "--db", value: "path", variable: databaseVariable,
      help: "Database file (default: $XDG_DATA_HOME/kumiki/kumiki.sqlite)."),
    Option(
      name: "--features", value: "list",
      help: "Only these features: their keys, comma-separated (kumiki features lists them)."),
    Option(name: "--fresh", help: "Bypass the response cache: read from the network, and fail if it is down."),
  ]

  /// Takes the launch options out of `arguments` (a command line without the program name) wherever they appear
  /// before a `--`, reads the environment for those not given, and returns them with the other arguments in order
  /// (a `--` is kept in them).
  ///
  /// Accepts `--name value` and `--name=value`. A missing value (the end, or another `--option`), `--fresh` given a
  /// value, or an `--api` that is not an absolute http(s) URL (also from `KUMIKI_API_URL`) is a ``UsageError``
  /// whose usage line names `program`.
  public static func parse(
    _ arguments: [String], environment: [String: String], program: String = "kumiki"
  ) throws(UsageError) -> (arguments: LaunchArguments, remaining: [String]) {
    var launch = LaunchArguments()
    var apiText: String?
    var remaining: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        remaining += arguments[(index - 1)...]
        break
      }
      let (name, inlineValue) = CLIOptions.split(argument)
      guard let option = options.first(where: { $0.name == name }) else {
        remaining.append(argument)
        continue
      }
      guard option.value != nil else {
        if inlineValue != nil { throw UsageError("\(name) takes no value") }
        launch.fresh = true  // the one flag
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count, !arguments[index].hasPrefix("--") {
        value = arguments[index]
        index += 1
      } else {
        throw UsageError("missing value for \(name)", details: ["Usage: \(program) \(name) <\(option.value ?? "")> …"])
      }
      switch name {
      case "--api": apiText = value
      case "--db": launch.db = value
      default: launch.features = list(value)
      }
    }
    if apiText == nil, let value = environment[apiVariable], !value.isEmpty { apiText = value }
    if launch.db == nil, let value = environment[databaseVariable], !value.isEmpty { launch.db = value }
    if let apiText {
      guard let url = httpURL(apiText) else {
        throw UsageError(
          "--api must be an absolute http(s) URL, got '\(TextLine.clean(URLCredentials.redact(apiText)))'")
      }
      launch.api = url
    }
    return (launch, remaining)
  }

  /// For a program that takes no command (`kumiki-tui`): the launch options as ``parse(_:environment:program:)``
  /// reads them, and the program's `own` options (name → whether it takes a value; a flag's value is empty), by
  /// name, the last given of each kept. Anything else (an unknown option, a word, a flag given a value, a missing
  /// value) is a ``UsageError`` naming it, inert in the message.
  public static func parse(
    _ arguments: [String], environment: [String: String], program: String, own: [String: Bool]
  ) throws(UsageError) -> (arguments: LaunchArguments, own: [String: String]) {
    let (launch, rest) = try parse(arguments, environment: environment, program: program)
    var given: [String: String] = [:]
    var index = 0
    while index < rest.count {
      let argument = rest[index]
      index += 1
      let (name, inlineValue) = CLIOptions.split(argument)
      guard let takesValue = own[name] else {
        throw UsageError(
          (argument.hasPrefix("-") ? "unknown option '" : "unexpected argument '") + TextLine.clean(argument) + "'",
          details: ["See '\(program) --help'."])
      }
      if !takesValue {
        if inlineValue != nil { throw UsageError("\(name) takes no value") }
        given[name] = ""
      } else if let inlineValue {
        given[name] = inlineValue
      } else if index < rest.count, !rest[index].hasPrefix("--") {
        given[name] = rest[index]
        index += 1
      } else {
        throw UsageError("missing value for \(name)", details: ["Usage: \(program) \(name) <value>"])
      }
    }
    return (launch, given)
  }

  /// The options' help rows, `("--api <url>", "Backend … Env: KUMIKI_API_URL.")`, in help order.
  public static var helpRows: [(String, String)] {
    options.map { option in
      (
        option.name + (option.value.map { " <\($0)>" } ?? ""),
        option.help + (option.variable.map { " Env: \($0)." } ?? "")
      )
    }
  }

  /// Comma-separated, trimmed, empty items dropped.
  static func list(_ value: String) -> [String] {
    value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// `text` as a URL when it is absolute http or https with a host.
  static func httpURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host, !host.isEmpty
    else { return nil }
    return url
  }
}
