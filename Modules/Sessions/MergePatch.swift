import Foundation

/// JSON Merge Patch (RFC 7396) over `JSONSerialization` values: the smallest patch from one state's JSON to the
/// next's, as generated tests write their steps. `apply` is what CoreTesting's `RecordedJSON.patch` does in the
/// test; the writer applies it before writing, so a patch that would not give the recorded state is never written.
enum MergePatch {
  /// A patch that turns `before` into `after`: for two objects, the members that differ — removed ones as `null`,
  /// objects on both sides as their own patch — and otherwise `after` itself.
  static func diff(from before: Any, to after: Any) -> Any {
    guard let old = before as? [String: Any], let new = after as? [String: Any] else { return after }
    var patch: [String: Any] = [:]
    for key in Set(old.keys).union(new.keys) {
      guard let value = new[key] else {
        patch[key] = NSNull()
        continue
      }
      guard let previous = old[key] else {
        patch[key] = value
        continue
      }
      if canonical(previous) != canonical(value) { patch[key] = diff(from: previous, to: value) }
    }
    return patch
  }

  /// RFC 7396's MergePatch(target, patch).
  static func apply(_ patch: Any, to target: Any?) -> Any {
    guard let changes = patch as? [String: Any] else { return patch }
    var object = target as? [String: Any] ?? [:]
    for (key, change) in changes {
      object[key] = change is NSNull ? nil : apply(change, to: object[key])
    }
    return object
  }

  /// A JSON value's text with sorted keys, for comparing members.
  static func canonical(_ value: Any) -> String {
    let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
    return data.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
  }
}
