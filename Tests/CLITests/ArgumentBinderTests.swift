import CLI
import FeatureKit
import Testing

@Suite struct ArgumentBinderTests {
  let parser: CommandLineParser

  init() throws {
    parser = CommandLineParser(app: try makeTestApp())
  }

  func usageError(_ arguments: [String]) -> UsageError? {
    do {
      _ = try parser.parse(arguments)
      return nil
    } catch {
      return error
    }
  }

  @Test func missingPositionalNamesItWithTheUsageLine() throws {
    let error = try #require(usageError(["counter", "add"]))
    #expect(error.message == "missing argument <amount>")
    #expect(error.details == ["Usage: kumiki counter add <amount> [--quiet]", "See 'kumiki counter add --help'."])
  }

  @Test func choicesAreValidated() throws {
    let error = try #require(usageError(["catalogue", "list", "--category", "toys"]))
    #expect(error.message == "invalid value 'toys' for --category; expected one of: food, drink")
    #expect(error.details.first == "Usage: kumiki catalogue list [<keyword>] [--category <food|drink>] [--page <page>]")
  }

  @Test func optionWithoutValue() throws {
    #expect(try #require(usageError(["catalogue", "list", "--page"])).message == "missing value for --page")
    #expect(try #require(usageError(["catalogue", "list", "--page", "--"])).message == "missing value for --page")
    #expect(try #require(usageError(["counter", "add", "1", "--quiet=yes"])).message == "--quiet takes no value")
  }

  @Test func unknownOptionSuggestsAKnownOne() throws {
    let error = try #require(usageError(["catalogue", "list", "--categry", "food"]))
    #expect(error.message == "unknown option '--categry' for 'catalogue list'")
    #expect(error.details.first == "Did you mean '--category'?")
    #expect(
      try #require(usageError(["catalogue", "list", "-x"])).message == "unknown option '-x' for 'catalogue list'")
  }

  @Test func tooManyPositionals() throws {
    #expect(try #require(usageError(["counter", "add", "1", "2"])).message == "unexpected argument '2'")
  }

  @Test func lastOptionWins() throws {
    let parsed = try #require(ran(try parser.parse(["catalogue", "list", "--page", "1", "--page=3"])))
    #expect(parsed.input["page"] == "3")
  }
}
