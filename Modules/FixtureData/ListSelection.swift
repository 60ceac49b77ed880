/// Which lists of a database a change applies to: every one, or those named.
public enum ListSelection: Sendable, Hashable {
  /// Every list resource (an array value); singular resources are never lists.
  case all
  /// The lists with these names.
  case named([String])

  /// Reads a command-line spelling: `*` is every list, anything else one name. Several spellings add up.
  public init(spellings: [String]) {
    self = spellings.contains("*") ? .all : .named(spellings)
  }

  /// The names this selection takes from `database`'s lists.
  public func names(in database: FixtureDatabase) -> [String] {
    switch self {
    case .all: database.listNames
    case .named(let names): names
    }
  }
}
