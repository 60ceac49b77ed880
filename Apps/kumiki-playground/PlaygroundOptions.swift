import FixtureData
import Foundation
import Scenarios

/// `kumiki-playground`'s command line: `list|run --feature Name [--scenario name] [--app kumiki-tui|kumiki]
/// [--root DIR] [-- app arguments…]`.
struct PlaygroundOptions: Equatable {
  enum Command: String { case list, run }

  var command: Command
  /// The feature folder's name under `Modules/Features`.
  var feature: String
  var scenario = "fresh"
  var app = "kumiki-tui"
  /// The checkout the feature folder is read from.
  var root: String
  /// What follows `--`: handed to the app.
  var appArguments: [String] = []

  /// The apps a feature can be run in.
  static let apps = ["kumiki-tui", "kumiki"]

  /// How it is called, as one line: a refusal of the command line's shape ends with it.
  static let usage =
    "usage: kumiki-playground list|run --feature Name [--scenario NAME] [--app kumiki-tui|kumiki] [--root DIR] "
    + "[-- ARGS…]"

  /// Parses the arguments after the program's name. Every name is checked as the apps check theirs, with one line
  /// saying what it must be: the feature (a folder's name), the scenario (``Scenario/isValidName(_:)``), the app.
  /// - Throws: a one-line ``PlaygroundError/usage(_:)``.
  init(_ arguments: [String], currentFolder: String) throws(PlaygroundError) {
    guard let first = arguments.first, let command = Command(rawValue: first) else {
      throw .usage("the first argument is list or run (\(Self.usage))")
    }
    self.command = command
    root = currentFolder
    var feature: String?
    var rest = arguments.dropFirst()
    while let option = rest.popFirst() {
      if option == "--" {
        guard command == .run else { throw .usage("only run hands arguments to the app (\(Self.usage))") }
        appArguments = Array(rest)
        break
      }
      guard ["--feature", "--scenario", "--app", "--root"].contains(option) else {
        throw .usage("unknown option '\(VisibleText.shown(option, limit: 60))' (\(Self.usage))")
      }
      guard let value = rest.popFirst() else { throw .usage("\(option) needs a value (\(Self.usage))") }
      switch option {
      case "--feature": feature = value
      case "--scenario": scenario = value
      case "--app": app = value
      default: root = value
      }
    }
    guard let feature, !feature.isEmpty else { throw .usage("--feature Name is required (FEATURE=Name)") }
    guard feature.range(of: "^[A-Z][A-Za-z0-9]{0,29}$", options: .regularExpression) != nil else {
      throw .usage(
        "'\(VisibleText.shown(feature, limit: 60))' is not a feature folder's name (UpperCamelCase, as in Modules/Features)"
      )
    }
    self.feature = feature
    guard Scenario.isValidName(scenario) else {
      throw .usage(
        "'\(VisibleText.shown(scenario, limit: 60))' is not a scenario's name: 1 to 40 lower case letters, digits "
          + "and '-', a letter first (kumiki-playground list --feature \(feature) lists them)")
    }
    guard Self.apps.contains(app) else {
      throw .usage(
        "'\(VisibleText.shown(app, limit: 60))' is not an app a feature runs in (\(Self.apps.joined(separator: ", ")))")
    }
  }
}
