import Foundation

/// The JSON helpers of tests generated from recorded sessions (`kumiki replay FILE --emit-test NAME`): states and
/// actions are written as the JSON their `Codable` conformance reads, so a generated test compiles for any feature.
///
/// ```swift
/// let a3: ArchiveFeature.Action = try RecordedJSON.decode(#"{"keywordEdited":{"_0":"カレー"}}"#)
/// await store.send(a3) {
///   try RecordedJSON.patch(&$0, #"{"keyword":"カレー","load":{"awaitsPause":true,"startsWait":true}}"#)
/// }
/// ```
public enum RecordedJSON {
  /// Decodes `json` (UTF-8 text) as `Value`.
  public static func decode<Value: Decodable>(_ json: String) throws -> Value {
    try JSONDecoder().decode(Value.self, from: Data(json.utf8))
  }

  /// Changes `value` as a JSON Merge Patch (RFC 7396) says: `value` is encoded to JSON, `patch` is merged into it —
  /// an object's members merge into the object member by member, recursively; `null` removes a member (an
  /// optional's value); anything else replaces what was there — and the result is decoded back into `value`.
  ///
  /// What a generated test says a step changed, and only that, so a reader sees the change and can edit it:
  /// `{"form":{"draft":{"nickname":"カレー"}}}` sets one nested property and leaves the rest of the state as it was.
  /// - Throws: the decoding error when the patched JSON does not decode as `Value` (or `patch` is not JSON).
  public static func patch<Value: Codable>(_ value: inout Value, _ patch: String) throws {
    let target = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value), options: [.fragmentsAllowed])
    let changes = try JSONSerialization.jsonObject(with: Data(patch.utf8), options: [.fragmentsAllowed])
    let merged = mergePatch(target, changes)
    value = try JSONDecoder().decode(
      Value.self, from: JSONSerialization.data(withJSONObject: merged, options: [.fragmentsAllowed]))
  }

  /// RFC 7396's MergePatch(target, patch) over `JSONSerialization` values.
  static func mergePatch(_ target: Any?, _ patch: Any) -> Any {
    guard let changes = patch as? [String: Any] else { return patch }
    var object = target as? [String: Any] ?? [:]
    for (key, change) in changes {
      if change is NSNull {
        object[key] = nil
      } else {
        object[key] = mergePatch(object[key], change)
      }
    }
    return object
  }
}
