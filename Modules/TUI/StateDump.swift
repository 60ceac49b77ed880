import Foundation

/// A readable, line-based dump of any value via `Mirror`: one `label: value` line per leaf, nested values
/// indented — the text DevTools diffs. Bounded (depth, elements, lines) so a huge state cannot stall a frame.
enum StateDump {
  /// Most nesting levels shown.
  static let maximumDepth = 10
  /// Most elements of one collection shown.
  static let maximumElements = 200
  /// Most lines produced.
  static let maximumLines = 4_000

  /// The dump of `value` as lines.
  static func lines(of value: Any) -> [String] {
    var lines: [String] = []
    append(value, label: nil, indent: 0, into: &lines)
    return lines
  }

  private static func append(_ value: Any, label: String?, indent: Int, into lines: inout [String]) {
    guard lines.count < maximumLines else { return }
    let prefix = String(repeating: "  ", count: indent) + (label.map { $0 + ": " } ?? "")
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      if let wrapped = mirror.children.first?.value {
        append(wrapped, label: label, indent: indent, into: &lines)
      } else {
        lines.append(prefix + "nil")
      }
      return
    }
    if let foundation = foundationLeaf(value) {  // their stored properties are implementation details
      lines.append(prefix + foundation)
      return
    }
    if mirror.children.isEmpty {
      lines.append(prefix + leaf(value, mirror: mirror))
      return
    }
    guard indent < maximumDepth else {
      lines.append(prefix + "...")
      return
    }
    switch mirror.displayStyle {
    case .collection, .set:
      lines.append(prefix + "[\(mirror.children.count)]")
      var children = Array(mirror.children)
      if mirror.displayStyle == .set {  // iteration order is per process: sort for stable diffs
        children.sort { String(describing: $0.value) < String(describing: $1.value) }
      }
      for (index, child) in children.enumerated() {
        if index == maximumElements {
          lines.append(String(repeating: "  ", count: indent + 1) + "... \(mirror.children.count - index) more")
          break
        }
        append(child.value, label: "[\(index)]", indent: indent + 1, into: &lines)
      }
    case .dictionary:
      lines.append(prefix + "[\(mirror.children.count) keys]")
      let pairs = mirror.children.map { child -> (String, Any) in
        let pair = Array(Mirror(reflecting: child.value).children)
        return pair.count == 2 ? (String(describing: pair[0].value), pair[1].value) : ("?", child.value)
      }
      for (index, pair) in pairs.sorted(by: { $0.0 < $1.0 }).enumerated() {
        if index == maximumElements { break }
        append(pair.1, label: pair.0, indent: indent + 1, into: &lines)
      }
    case .enum:
      let child = mirror.children.first!
      lines.append(prefix + "." + (child.label ?? "case"))
      append(child.value, label: nil, indent: indent + 1, into: &lines)
    default:
      lines.append(prefix + typeName(of: value))
      for (index, child) in mirror.children.enumerated() {
        append(child.value, label: child.label ?? ".\(index)", indent: indent + 1, into: &lines)
      }
    }
  }

  /// Foundation values shown as one line, as a developer writes them.
  private static func foundationLeaf(_ value: Any) -> String? {
    switch value {
    case let url as URL: "URL(\(String(reflecting: url.absoluteString)))"
    case let date as Date: "Date(\(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))))"
    case let uuid as UUID: "UUID(\(uuid.uuidString))"
    case let data as Data: "Data(\(data.count) bytes)"
    case let decimal as Decimal: "Decimal(\(decimal))"
    default: nil
    }
  }

  private static func leaf(_ value: Any, mirror: Mirror) -> String {
    if value is String || value is Substring || value is Character { return String(reflecting: value) }
    if mirror.displayStyle == .enum { return "." + String(describing: value) }
    return String(describing: value)
  }

  private static func typeName(of value: Any) -> String {
    let name = String(describing: type(of: value))
    return name.split(separator: ".").last.map(String.init) ?? name
  }
}
