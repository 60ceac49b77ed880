import Foundation

extension OutboxEntry {
  /// The most keys ``changedKeys`` names, and the longest key it keeps, in characters.
  static let shownKeys = 4
  static let shownKeyLength = 32

  /// What the write changes, in words: the top-level keys of its JSON object body (`nickname`, `introduction`), or,
  /// when the body was not read (``OutboxClient/overview``) or is not a JSON object, of the changes it expects; sorted,
  /// at most ``shownKeys`` of them then `+N more`, each cut to ``shownKeyLength`` characters with control and format
  /// characters dropped (bodies read back from the database are input). Empty when nothing names the change (a
  /// DELETE, whose path says it all).
  public var changedKeys: [String] {
    var keys = body.flatMap(Self.objectKeys) ?? []
    if keys.isEmpty { keys = expected.flatMap { Self.objectKeys($0.merge) ?? [] } }
    let shown = Set(keys.map(Self.shown).filter { !$0.isEmpty }).sorted()
    guard shown.count > Self.shownKeys else { return shown }
    return shown.prefix(Self.shownKeys) + ["+\(shown.count - Self.shownKeys) more"]
  }

  /// `PATCH profile_personal (nickname)`: the method, the path and ``changedKeys``.
  public var change: String {
    let keys = changedKeys
    return "\(method.rawValue) \(path)" + (keys.isEmpty ? "" : " (\(keys.joined(separator: ", ")))")
  }

  private static func objectKeys(_ data: Data) -> [String]? {
    (try? JSONSerialization.jsonObject(with: data, options: [])).flatMap { $0 as? [String: Any] }.map { Array($0.keys) }
  }

  private static func shown(_ key: String) -> String {
    let kept = key.unicodeScalars.filter {
      switch $0.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse: false
      default: true
      }
    }
    let text = String(String.UnicodeScalarView(kept))
    return text.count > shownKeyLength ? String(text.prefix(shownKeyLength - 3)) + "..." : text
  }
}
