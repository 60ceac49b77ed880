import FeatureKit

extension CLIOptions {
  /// What `--json` prints for `value`, the JSON of `command` (`cache status`): the fields `--json FIELDS` keeps
  /// (``JSONFields``), then `--jq`'s results (``JSONFilter``), newline-terminated. A field the output lacks, or an
  /// expression that does not fit it, is a ``UsageError`` (exit 64), and nothing is printed.
  func jsonText(_ value: JSONValue, command: String) throws(UsageError) -> String {
    try Self.jsonText(value, fields: jsonFields, jq: jq, command: command)
  }

  static func jsonText(
    _ value: JSONValue, fields: [String], jq: String?, command: String
  ) throws(UsageError) -> String {
    let selected = try JSONFields.select(fields, from: value, command: command)
    guard let jq else { return selected.text + "\n" }
    return JSONFilter.text(try JSONFilter(jq).apply(to: selected))
  }
}
