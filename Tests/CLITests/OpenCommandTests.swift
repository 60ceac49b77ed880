import FeatureAssembly
import FeatureKit
import Testing

@testable import CLI

/// `kumiki open ROUTE`: prints the command a declared route stands for and runs it; refuses, with the list of
/// routes, one nobody declares (64).
@Suite("kumiki open")
struct OpenCommandTests {
  /// The test app, its counter declaring `counter/add/<amount>` (the command `counter add N`) and `counter/say/<text>`.
  static let app: @Sendable () throws -> AppRuntime = {
    try FeatureRegistry([
      CounterFeature.module().declaring(routes: [
        FeatureRoute(
          "add", parameters: [.int("amount", in: 1...100, sample: 5)], abstract: "Add to the count",
          open: { [.add($0.int("amount"))] }, command: { ["add", String($0.int("amount"))] }),
        FeatureRoute(
          "say", parameters: [.string("text", maxLength: 20, sample: "hi")], abstract: "A word",
          open: { _ in [] }, command: { ["add", $0.string("text")] }),
      ]).erased
    ]).assemble()
  }

  static let routes = "Routes:\n  counter/add/<amount>  Add to the count\n  counter/say/<text>    A word\n"

  @Test func printsTheCommandAndRunsIt() async {
    let run = await kumiki(["open", "counter/add/5"], app: Self.app)
    #expect(run == Run(status: 0, output: "Count: 5\n", error: "open: kumiki counter add 5\n"))
    let json = await kumiki(["open", "counter/add/7", "--json"], app: Self.app)
    #expect(json == Run(status: 0, output: "{\"count\":7}\n", error: "open: kumiki counter add 7\n"))
  }

  @Test func refusesARouteNobodyDeclaresListingTheRoutes() async {
    let run = await kumiki(["open", "counter/remove/5"], app: Self.app)
    #expect(run.status == 64)
    #expect(run.output == "")
    #expect(
      run.error
        == "kumiki: no route 'counter/remove/5' in this app (declared: counter/add/<amount>, counter/say/<text>)\n"
        + Self.routes)
    let other = await kumiki(["open", "archive/item/6"], app: Self.app)
    #expect(other.status == 64)
    #expect(other.error.hasPrefix("kumiki: no route 'archive/item/6' in this app"))
  }

  @Test func refusesBadArgumentsAndBadText() async {
    let range = await kumiki(["open", "counter/add/500"], app: Self.app)
    #expect(range.status == 64)
    #expect(range.error == "kumiki: route counter/add/<amount>: amount must be from 1 to 100\n" + Self.routes)
    let option = await kumiki(["open", "counter/say/--quiet"], app: Self.app)
    #expect(option.status == 64)
    #expect(option.error.hasPrefix("kumiki: route counter/say/<text>: text must not start with -\n"))
    let control = await kumiki(["open", "counter/say/%1B%5B2J"], app: Self.app)
    #expect(control.status == 64)
    #expect(control.error.hasPrefix("kumiki: route counter/say/<text>: text must not contain control characters\n"))
    let malformed = await kumiki(["open", "Counter"], app: Self.app)
    #expect(malformed.status == 64)
    #expect(malformed.error.hasPrefix("kumiki: not a route: "))
    let none = await kumiki(["open"], app: Self.app)
    #expect(
      none
        == Run(
          status: 64, output: "", error: "kumiki: open takes one route\nUsage: kumiki open <route>\n" + Self.routes))
    #expect(await kumiki(["open", "counter/add/1", "counter/add/2"], app: Self.app).status == 64)
  }

  @Test func anAppWithoutRoutesSaysSo() async {
    let run = await kumiki(["open", "counter/add/5"])
    #expect(run.status == 64)
    #expect(run.error == "kumiki: no route 'counter/add/5': this app declares none\nThis app declares no routes.\n")
  }

  @Test func aWordThatNeedsQuotingIsQuoted() {
    #expect(OpenCommand.shown("カレー") == "カレー")
    #expect(OpenCommand.shown("two words") == "'two words'")
    #expect(OpenCommand.shown("it's") == "'it'\\''s'")
  }
}
