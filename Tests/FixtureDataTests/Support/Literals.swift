import FixtureData

/// Parses a JSON literal written in a test.
func json(_ text: String) throws -> JSONValue {
  try JSONParser.parse(text)
}

/// Shorthand for a list of query parameters: `query("q=x", "_sort=id")`.
func query(_ pairs: String...) -> [QueryParameter] {
  pairs.flatMap { QueryParameter.parse(query: $0) }
}
