import FeatureAssembly
import FeatureKit
import Foundation

/// The state of every feature of an app, printed after a replay: as readable text (one block per feature) or as
/// one JSON object. Both are deterministic — keys sorted, no time of day, no hashing order — so two replays of one
/// recording print the same bytes.
public enum SessionStates {
  /// `{"actions":42,"states":{"archive":{…},"home":{…}}}`: the number of actions replayed and each feature's state
  /// (its `Codable` JSON) under its key, keys sorted at every level, on one line (no trailing newline). Control
  /// characters in strings are escaped.
  public static func json(app: AppRuntime, actions: Int) throws -> String {
    let state = app.store.state
    var members: [String] = []
    for feature in app.features.sorted(by: { $0.key < $1.key }) {
      let json = String(decoding: try app.stateJSON(slot: feature.slot, in: state), as: UTF8.self)
      members.append(JSONText.quoted(feature.key) + ":" + json)
    }
    return escapingControls(#"{"actions":\#(actions),"states":{\#(members.joined(separator: ","))}}"#)
  }

  /// Each feature's state in mount order, under a `key · Title` line, as indented `name: value` lines (values as
  /// JSON literals: `"text"`, `12`, `true`, `null`; lists as `[count]` with `[0]:`, `[1]:` … below).
  public static func text(app: AppRuntime) throws -> String {
    let state = app.store.state
    var lines: [String] = []
    for feature in app.features {
      if !lines.isEmpty { lines.append("") }
      lines.append("\(feature.key) · \(feature.title)")
      let json = try JSONSerialization.jsonObject(
        with: try app.stateJSON(slot: feature.slot, in: state), options: [.fragmentsAllowed])
      render(json, label: nil, indent: 1, into: &lines)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func render(_ value: Any, label: String?, indent: Int, into lines: inout [String]) {
    let prefix = String(repeating: "  ", count: indent) + (label.map { $0 + ":" } ?? "")
    switch value {
    case let object as [String: Any]:
      guard !object.isEmpty else { return lines.append(prefix + (label == nil ? "{}" : " {}")) }
      if label != nil { lines.append(prefix) }
      for key in object.keys.sorted() {
        render(object[key]!, label: key, indent: label == nil ? indent : indent + 1, into: &lines)
      }
    case let array as [Any]:
      lines.append(prefix + (label == nil ? "" : " ") + "[\(array.count)]")
      for (index, element) in array.enumerated() {
        render(element, label: "[\(index)]", indent: indent + 1, into: &lines)
      }
    default:
      lines.append(prefix + (label == nil ? "" : " ") + literal(value))
    }
  }

  /// A scalar as JSON: `"text"`, `1.5`, `true`, `null`.
  static func literal(_ value: Any) -> String { JSONText.literal(value) }

  /// `text` with DEL and C1 controls written as `\u` escapes (valid only inside JSON strings, where they can be).
  static func escapingControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value == 0x7F || (0x80...0x9F).contains($0.value) }) else {
      return text
    }
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
        result += String(format: "\\u%04x", scalar.value)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

/// JSON text as this module writes it.
enum JSONText {
  /// A JSON string literal (RFC 8259 escapes).
  static func quoted(_ text: String) -> String { literal(text) }

  /// A scalar (string, number, boolean, null) as JSON: `"text"`, `1.5`, `true`, `null`.
  static func literal(_ value: Any) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: [value], options: [.withoutEscapingSlashes]) else {
      return "null"
    }
    return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
  }

  /// `json` indented two spaces per level, one member or element per line, keys sorted, `[]` and `{}` when empty;
  /// `json` itself when it is not JSON.
  static func pretty(_ json: String) -> String {
    guard let value = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) else {
      return json
    }
    var lines: [String] = []
    write(value, prefix: "", indent: 0, suffix: "", into: &lines)
    return lines.joined(separator: "\n")
  }

  private static func write(_ value: Any, prefix: String, indent: Int, suffix: String, into lines: inout [String]) {
    let pad = String(repeating: "  ", count: indent)
    switch value {
    case let object as [String: Any]:
      guard !object.isEmpty else { return lines.append(pad + prefix + "{}" + suffix) }
      lines.append(pad + prefix + "{")
      let keys = object.keys.sorted()
      for (index, key) in keys.enumerated() {
        write(
          object[key]!, prefix: quoted(key) + ": ", indent: indent + 1, suffix: index == keys.count - 1 ? "" : ",",
          into: &lines)
      }
      lines.append(pad + "}" + suffix)
    case let array as [Any]:
      guard !array.isEmpty else { return lines.append(pad + prefix + "[]" + suffix) }
      lines.append(pad + prefix + "[")
      for (index, element) in array.enumerated() {
        write(element, prefix: "", indent: indent + 1, suffix: index == array.count - 1 ? "" : ",", into: &lines)
      }
      lines.append(pad + "]" + suffix)
    default:
      lines.append(pad + prefix + literal(value) + suffix)
    }
  }
}
