import Presentation
import Terminal

/// Renders a command's view as plain text lines that fit their destination (``TextFit``): a terminal's width, the
/// width `COLUMNS` asks for, or no width at all (into a pipe).
///
/// - Sections print their title, then their children indented by two spaces; block-level children of a stack
///   (sections, lists, collections, tables, tabs, overlays) are separated by a blank line.
/// - List items print as `- title  [x] accessory`, with subtitle and detail indented below (`>` marks the
///   selected item); cards likewise, with their rating as `4.5/5`.
/// - Toggles print as `[x] label` / `[ ] label`, buttons as `[label]` (a disabled control adds `(disabled)`), chips
///   and tabs on one line with the selected one in brackets, fields as aligned `label: value` rows, a text field as
///   `label: text` with its validation message (`! message`) or hint below, errors as `Error: message`, a toast
///   (a screen's short notice; no command's view has one) as a secondary line.
/// - Prose (text, empty and error messages, list details, card lines, field values) wraps to the width, by
///   display width (`TextWrap`); unlimited, it is printed as it is.
/// - Tables align by display width (a CJK character or an emoji takes two columns). On a terminal they fit its
///   width: empty columns go, then the rightmost columns, before cells are truncated without splitting a wide
///   character; with `COLUMNS` outside a terminal every cell is whole, wrapped within its column; unlimited, a
///   table is tab-separated lines, its header first (``TableLayout``).
///
/// Every string from the view goes through `TextSanitizer.inert`, so escape sequences and control characters in
/// data are printed as visible placeholders. With `color`, titles are bold, secondary text dim, highlights and
/// errors coloured; without it the output contains no escape sequence at all. Lines carry no trailing spaces.
public struct TextRenderer: Sendable {
  /// How the text fits its destination.
  public var fit: TextFit
  /// Whether to emit SGR styling.
  public var color: Bool

  /// A renderer for `fit`, with or without colour.
  public init(fit: TextFit, color: Bool = false) {
    switch fit {
    case .terminal(let columns): self.fit = .terminal(columns: max(1, columns))
    case .wrap(let columns): self.fit = .wrap(columns: max(1, columns))
    case .unlimited: self.fit = .unlimited
    }
    self.color = color
  }

  /// A renderer for a terminal `width` columns wide (at least 1), with or without colour.
  public init(width: Int = 80, color: Bool = false) {
    self.init(fit: .terminal(columns: width), color: color)
  }

  /// The columns available, `nil` when unlimited.
  var width: Int? { fit.columns }

  /// The text for `node`: its lines joined by newlines and newline-terminated, or "" when it has no lines.
  public func render(_ node: ViewNode<Never>) -> String {
    let lines = self.lines(node)
    return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
  }

  /// The lines for `node`, without newlines.
  public func lines(_ node: ViewNode<Never>) -> [String] {
    lines(node, width: width).map(Self.trimmingTrailingSpaces)
  }

  var style: ANSIStyle { ANSIStyle(enabled: color) }

  // MARK: Nodes

  func lines(_ node: ViewNode<Never>, width: Int?) -> [String] {
    switch node {
    case .text(let text, let style):
      return Self.wrap(Self.multiline(text), width: width).map { self.style.apply(style, to: $0) }
    case .spans(let spans):
      return [spans.map { style.apply($0.style, to: Self.inline($0.text)) }.joined()]
    case .stack(let children):
      return stack(children, width: width)
    case .section(let title, let children):
      return [style.apply(.title, to: Self.inline(title))] + Self.indent(stack(children, width: width.map { $0 - 2 }))
    case .list(let list):
      return self.list(list, width: width)
    case .collection(let collection):
      let cards = collection.cards.flatMap { card in
        let rating = card.rating.map { "  " + style.apply(.emphasis, to: Self.rating($0)) } ?? ""
        let title = "- " + style.apply(.emphasis, to: Self.inline(card.title)) + rating
        let lines = Self.wrap(card.lines.flatMap(Self.multiline), width: width.map { $0 - 2 })
        return [title] + Self.indent(lines.map { style.apply(.secondary, to: $0) })
      }
      let title = collection.title.isEmpty ? [] : [style.apply(.title, to: Self.inline(collection.title))]
      return title + (title.isEmpty ? cards : Self.indent(cards))
    case .button(let label, _, let isEnabled):
      return [style.apply(.secondary, to: "[\(Self.inline(label))]" + (isEnabled ? "" : " (disabled)"))]
    case .toggle(let label, let isOn, _, let isEnabled):
      return [Self.checkbox(isOn) + " " + Self.inline(label) + (isEnabled ? "" : " (disabled)")]
    case .chips(let chips):
      return chips.isEmpty ? [] : [choices(chips.map { ($0.label, $0.isSelected) })]
    case .textField(let field):
      let value =
        field.text.isEmpty
        ? style.apply(.secondary, to: Self.inline(field.placeholder)) : Self.inline(field.text)
      let line = Self.inline(field.label) + ": " + value + (field.isEnabled ? "" : " (disabled)")
      if let message = field.message { return [line, "  " + style.apply(.danger, to: "! " + Self.inline(message))] }
      if let hint = field.hint { return [line, "  " + style.apply(.secondary, to: Self.inline(hint))] }
      return [line]
    case .tabs(let tabs, let content):
      let content = lines(content, width: width)
      return [choices(tabs.map { ($0.label, $0.isSelected) })] + (content.isEmpty ? [] : [""] + content)
    case .fields(let fields):
      return self.fields(fields, width: width)
    case .table(let table):
      return self.table(table, width: width)
    case .rating(let value):
      return [Self.rating(value)]
    case .spinner(let text):
      return [style.apply(.secondary, to: Self.inline(text))]
    case .error(let message, _):
      return Self.wrap(Self.multiline(message), width: width.map { $0 - 7 }).enumerated().map { index, line in
        style.apply(.danger, to: (index == 0 ? "Error: " : "       ") + line)
      }
    case .empty(let text):
      return Self.wrap(Self.multiline(text), width: width).map { style.apply(.secondary, to: $0) }
    case .overlay(let overlay):
      let buttons = overlay.buttons.map { "[\(Self.inline($0.label))]" }.joined(separator: " ")
      return [style.apply(.title, to: Self.inline(overlay.title))]
        + Self.indent(
          lines(overlay.content, width: width.map { $0 - 2 })
            + (buttons.isEmpty ? [] : [style.apply(.secondary, to: buttons)]))
    case .toast(let toast):
      return Self.wrap(Self.multiline(toast.text), width: width).map { style.apply(.secondary, to: $0) }
    }
  }

  func stack(_ children: [ViewNode<Never>], width: Int?) -> [String] {
    var result: [String] = []
    var previousIsBlock = false
    for child in children {
      let lines = self.lines(child, width: width)
      guard !lines.isEmpty else { continue }
      let isBlock = Self.isBlock(child)
      if !result.isEmpty && (isBlock || previousIsBlock) { result.append("") }
      result += lines
      previousIsBlock = isBlock
    }
    return result
  }

  func list(_ list: ListNode<Never>, width: Int?) -> [String] {
    var result: [String] = []
    for (index, item) in list.items.enumerated() {
      var title =
        (index == list.selected ? "> " : "- ")
        + item.title.map { style.apply($0.style, to: Self.inline($0.text)) }.joined()
      if let accessory = item.accessory {
        title += "  " + Self.checkbox(accessory.isOn) + " " + Self.inline(accessory.label)
      }
      result.append(title)
      if !item.subtitle.isEmpty {
        result.append("  " + item.subtitle.map { style.apply($0.style, to: Self.inline($0.text)) }.joined())
      }
      if let detail = item.detail {
        let lines = Self.wrap(Self.multiline(detail), width: width.map { $0 - 2 })
        result += Self.indent(lines.map { style.apply(.secondary, to: $0) })
      }
    }
    if let more = list.more { result.append(style.apply(.secondary, to: "(\(Self.inline(more.label)))")) }
    return result
  }

  func fields(_ fields: [Field], width: Int?) -> [String] {
    let labelWidth = fields.map { displayWidth(of: Self.inline($0.label)) + 1 }.max() ?? 0
    return fields.flatMap { field in
      let label = (Self.inline(field.label) + ":").padded(toWidth: labelWidth)
      let values = Self.wrap(Self.multiline(field.value), width: width.map { max(10, $0 - labelWidth - 1) })
      let first = style.apply(.secondary, to: label) + " " + (values.first ?? "")
      let rest = values.dropFirst().map { String(repeating: " ", count: labelWidth + 1) + $0 }
      return [first] + rest
    }
  }

  func table(_ table: TableNode, width: Int?) -> [String] {
    let columns = table.columns.map(Self.cell)
    let rows = table.rows.map { $0.map(Self.cell) }
    guard let width else {
      // Unlimited: tab-separated, every value whole (a cell holds no tab: `cell` folded whitespace runs).
      let header = columns.isEmpty ? [] : [columns.map { style.apply(.title, to: $0) }.joined(separator: "\t")]
      return header + rows.map { $0.joined(separator: "\t") }
    }
    let fitting: TableLayout.Fitting =
      switch fit {
      case .wrap: .wrap
      case .terminal, .unlimited: .truncate
      }
    let layout = TableLayout(columns: columns, rows: rows, maxWidth: width, fitting: fitting)
    guard !layout.widths.isEmpty else { return [] }
    var result: [String] = []
    if !columns.isEmpty {
      result += layout.lines(columns) { style.apply(.title, to: $0) }
      result.append(style.apply(.secondary, to: layout.rule))
    }
    result += rows.flatMap { layout.lines($0) }
    return result
  }

  func choices(_ choices: [(label: String, isSelected: Bool)]) -> String {
    choices.map { choice in
      let label = Self.inline(choice.label)
      return choice.isSelected ? style.apply(.emphasis, to: "[\(label)]") : label
    }.joined(separator: "  ")
  }

  // MARK: Text

  /// One inert line: line breaks and controls become visible placeholders.
  static func inline(_ text: String) -> String { TextSanitizer.inert(text) }

  /// Inert lines, split at line breaks (CR LF counts as one).
  static func multiline(_ text: String) -> [String] {
    TextSanitizer.inert(text, keepingLineBreaks: true).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
  }

  /// `lines` wrapped to `width` (at least 1) by display width, each without trailing spaces; as they are when
  /// `width` is `nil` (unlimited).
  static func wrap(_ lines: [String], width: Int?) -> [String] {
    guard let width else { return lines }
    return lines.flatMap { line in
      line.isEmpty ? [line] : TextWrap.lines(line, width: max(1, width)).map(trimmingTrailingSpaces)
    }
  }

  /// A table cell: one inert line, whitespace runs (line breaks, tabs) folded into one space.
  static func cell(_ text: String) -> String { TextLine.clean(text) }

  /// `4.5/5`: one decimal, clamped to 0…5; `-/5` when not a number.
  static func rating(_ value: Double) -> String {
    guard value.isFinite else { return "-/5" }
    let tenths = Int((min(5, max(0, value)) * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)/5"
  }

  static func checkbox(_ isOn: Bool) -> String { isOn ? "[x]" : "[ ]" }

  static func indent(_ lines: [String]) -> [String] { lines.map { $0.isEmpty ? $0 : "  " + $0 } }

  static func isBlock(_ node: ViewNode<Never>) -> Bool {
    switch node {
    case .section, .list, .collection, .table, .tabs, .overlay: true
    default: false
    }
  }

  static func trimmingTrailingSpaces(_ line: String) -> String {
    guard line.last == " " else { return line }
    return String(line.reversed().drop { $0 == " " }.reversed())
  }
}
