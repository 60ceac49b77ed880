import FeatureAssembly
import FeatureKit

/// `kumiki open ROUTE`: opens a screen a feature declares, by its route (`archive/item/6`), as the CLI can — it prints
/// the command the route stands for (on standard error, so `--json` output stays JSON) and runs it. A route nobody
/// declares, or with a bad argument, exits 64 and lists the routes this app declares.
enum OpenCommand {
  static let group = "open"

  /// The help of `kumiki open`.
  static let help = """
    Open a screen a feature declares, by its route: print the command it stands for, then run it.

    USAGE: kumiki open <route> [--json]

    ARGUMENTS:
      <route>   <owner>/<name>/<argument>…, as a feature declares it: archive/item/6, archive/search/カレー
                (an argument may be percent-encoded: archive/search/%E3%82%AB%E3%83%AC%E3%83%BC)

    A route nobody declares, or an argument its route refuses, exits 64 and lists the declared routes.

    EXAMPLES:
      kumiki open archive/item/6
      kumiki open archive/search/カレー --json

    """

  /// The words of the command `arguments` (`ROUTE`, after `open`) stand for, after writing it on `standardError`
  /// (`open: kumiki archive item 6`); `nil` after writing why it was refused (the caller exits 64).
  static func command(for arguments: [String], app: AppRuntime, standardError: any TextStream) -> [String]? {
    let declared = app.declaredRoutes
    do throws(RouteError) {
      guard arguments.count == 1, let text = arguments.first else {
        standardError.write(
          UsageError("open takes one route", details: ["Usage: kumiki open <route>"] + list(declared)).report)
        return nil
      }
      let target = try app.resolve(Route(parsing: text))
      standardError.write("open: kumiki \(target.command.map(shown).joined(separator: " "))\n")
      return target.command
    } catch {
      standardError.write(UsageError(TextLine.clean(error.description), details: list(declared)).report)
      return nil
    }
  }

  /// The declared routes, one a line with what each opens; or that there are none.
  static func list(_ routes: [AppRuntime.DeclaredRoute]) -> [String] {
    guard !routes.isEmpty else { return ["This app declares no routes."] }
    let width = routes.map(\.pattern.count).max() ?? 0
    return ["Routes:"]
      + routes.map { route in
        "  " + TextLine.clean(route.pattern).padding(toLength: width, withPad: " ", startingAt: 0) + "  "
          + TextLine.clean(route.declaration.abstract)
      }
  }

  /// A word as a shell would need it: quoted when it holds a space or a character the shell reads.
  static func shown(_ word: String) -> String {
    let clean = TextLine.clean(word)
    let plain = !clean.isEmpty && clean.allSatisfy { $0.isLetter || $0.isNumber || "-_./:@%+=,".contains($0) }
    return plain ? clean : "'" + clean.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
