import Presentation
import Terminal

/// Draws a ``Presentation/ViewNode`` onto a ``Canvas`` in terminal idioms, numbering focusable elements in the
/// order of ``FocusCollector`` and highlighting the focused one. Pure: same inputs, same canvas.
///
/// Idioms: sections are `-- Title ----` rules; lists are rows with a `>` focus marker, `*` for the feature's
/// selection and the accessory (the heart) at the right as a fixed-width `[x]` / `[ ]` (its label is left out so
/// toggling rewrites one cell, not a shifted word; a focused one shows `<x>`); carousels are one row of boxed
/// cards scrolled sideways to the focused card; grids are rows of cards; chips are `[和食] [洋食]` with the
/// selected one reversed; buttons are `[ OK ]`; a focused inline element shows `<` `>` instead of brackets and is
/// reversed; ratings are `[****.] 4.2`; errors are a boxed panel with `[ Retry ]`. Only ASCII chrome is used, so
/// no East Asian Ambiguous glyph (★ ♥ ─ │) can shift a row. Every text from the app goes through
/// `TextSanitizer.inert`.
struct ContentRenderer<Action: Sendable> {
  let theme: TUITheme
  /// The focus index to highlight; `nil` highlights nothing (the screen under a modal overlay).
  let focused: Int?
  /// The text field being edited.
  let editing: TextEditing?
  /// Animation step for spinners.
  let spinnerFrame: Int
  /// Whether each text field keeps one line under it for its message or hint, shown or not (forms in dialogs), so
  /// a validation message coming and going never moves what is below it.
  let reservesMessageLines: Bool
  private(set) var canvas: Canvas
  /// The next focus index to hand out.
  private(set) var nextFocus = 0
  /// The next free row.
  var y = 0

  /// Spinner animation frames (ASCII).
  static var spinnerFrames: [Character] { ["|", "/", "-", "\\"] }

  init(
    width: Int, theme: TUITheme, focused: Int?, editing: TextEditing?, spinnerFrame: Int, firstFocus: Int = 0,
    reservesMessageLines: Bool = false
  ) {
    self.reservesMessageLines = reservesMessageLines
    self.theme = theme
    self.focused = focused
    self.editing = editing
    self.spinnerFrame = spinnerFrame
    self.canvas = Canvas(width: width)
    self.nextFocus = firstFocus
  }

  /// Renders `node` at the left edge, full width.
  mutating func render(_ node: ViewNode<Action>) {
    render(node, x: 0, width: canvas.width)
  }

  /// Takes the next focus index; whether it is the focused one.
  mutating func claimFocus() -> (index: Int, isFocused: Bool) {
    defer { nextFocus += 1 }
    return (nextFocus, focused == nextFocus)
  }

  /// Notes where a focusable element was drawn.
  mutating func noteFocus(_ index: Int, x: Int, y: Int, width: Int, height: Int = 1) {
    canvas.noteFocus(index, rect: Rect(x: x, y: y, width: width, height: height))
  }

  mutating func render(_ node: ViewNode<Action>, x: Int, width: Int) {
    guard width > 0 else { return }
    switch node {
    case .text(let text, let style):
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        putWrapped([(inert(String(line)), theme.style(for: style))], x: x, width: width)
      }
    case .spans(let spans):
      putWrapped(spans.map { (inert($0.text), theme.style(for: $0.style)) }, x: x, width: width)
    case .stack(let children):
      for child in children { render(child, x: x, width: width) }
    case .section(let title, let children):
      if y > 0 { y += 1 }
      let heading = "-- " + inert(title) + " "
      let rule =
        heading.truncated(toWidth: width) + String(repeating: "-", count: max(0, width - displayWidth(of: heading)))
      canvas.put(rule, x: x, y: y, style: theme.heading, clip: x..<(x + width))
      y += 1
      for child in children { render(child, x: x, width: width) }
    case .list(let list):
      renderList(list, x: x, width: width)
    case .collection(let collection):
      renderCollection(collection, x: x, width: width)
    case .button(let label, _, let isEnabled):
      let focus = claimFocus()
      let text = bracketed(" " + inert(label) + " ", focused: focus.isFocused)
      putLine(
        text, x: x, width: width,
        style: theme.control(focused: focus.isFocused, enabled: isEnabled, normal: theme.style(.bold)))
      noteFocus(focus.index, x: x, y: y, width: min(width, displayWidth(of: text)))
      y += 1
    case .toggle(let label, let isOn, _, let isEnabled):
      let focus = claimFocus()
      let text = toggleText(label: label, isOn: isOn, focused: focus.isFocused)
      putLine(
        text, x: x, width: width,
        style: theme.control(
          focused: focus.isFocused, enabled: isEnabled, normal: isOn ? theme.toggleOn : theme.style()))
      noteFocus(focus.index, x: x, y: y, width: min(width, displayWidth(of: text)))
      y += 1
    case .chips(let chips):
      renderChips(chips, x: x, width: width)
    case .textField(let field):
      renderTextField(field, x: x, width: width)
    case .tabs(let tabs, let content):
      var column = x
      for tab in tabs {
        let focus = claimFocus()
        let text = focus.isFocused ? "<" + inert(tab.label) + ">" : " " + inert(tab.label) + " "
        let style = focus.isFocused ? theme.focused : tab.isSelected ? theme.selected : theme.style()
        let end = canvas.put(text, x: column, y: y, style: style, clip: x..<(x + width))
        noteFocus(focus.index, x: column, y: y, width: end - column)
        column = end + 1
      }
      y += 1
      canvas.put(String(repeating: "-", count: width), x: x, y: y, style: theme.border)
      y += 1
      render(content, x: x, width: width)
    case .fields(let fields):
      renderFields(fields, x: x, width: width)
    case .table(let table):
      renderTable(table, x: x, width: width)
    case .rating(let value):
      putLine(Self.ratingText(value), x: x, width: width, style: theme.rating)
      y += 1
    case .spinner(let text):
      let frames = Self.spinnerFrames
      let frame = frames[((spinnerFrame % frames.count) + frames.count) % frames.count]
      putWrapped([(String(frame) + " " + inert(text), theme.secondary)], x: x, width: width)
    case .error(let message, let retry):
      renderError(message: message, retry: retry, x: x, width: width)
    case .empty(let text):
      y += 1
      for line in TextWrap.lines(inert(text), width: width) {
        let lineWidth = displayWidth(of: line)
        canvas.put(line, x: x + max(0, (width - lineWidth) / 2), y: y, style: theme.secondary, clip: x..<(x + width))
        y += 1
      }
      y += 1
    case .overlay:
      return  // drawn on top by the screen, not in the flow
    case .toast:
      return  // shown in the status bar, not in the flow
    }
  }

  // MARK: Pieces

  private func inert(_ text: String) -> String { TextSanitizer.inert(text) }

  private func bracketed(_ text: String, focused: Bool) -> String {
    focused ? "<" + text + ">" : "[" + text + "]"
  }

  private func toggleText(label: String, isOn: Bool, focused: Bool) -> String {
    bracketed(isOn ? "x" : " ", focused: focused) + (label.isEmpty ? "" : " " + inert(label))
  }

  /// A rating out of five as `[****.] 4.2` (ASCII: ★ is East Asian Ambiguous).
  static func ratingText(_ value: Double) -> String {
    guard value.isFinite else { return "[.....] -" }
    let clamped = min(max(value, 0), 5)
    let filled = Int(clamped.rounded())
    let tenths = Int((clamped * 10).rounded())
    return "[" + String(repeating: "*", count: filled) + String(repeating: ".", count: 5 - filled) + "] "
      + "\(tenths / 10).\(tenths % 10)"
  }

  private mutating func putLine(_ text: String, x: Int, width: Int, style: Style) {
    canvas.put(text.truncated(toWidth: width), x: x, y: y, style: style, clip: x..<(x + width))
  }

  private mutating func putRuns(_ runs: [TextWrap.Run], x: Int, width: Int) {
    var column = x
    for run in runs {
      column = canvas.put(run.text, x: column, y: y, style: run.style, clip: x..<(x + width))
    }
    canvas.height = max(canvas.height, y + 1)
  }

  private mutating func putWrapped(_ runs: [TextWrap.Run], x: Int, width: Int) {
    for line in TextWrap.lines(runs, width: width) {
      putRuns(line, x: x, width: width)
      y += 1
    }
  }

  private func spanRuns(_ spans: [TextSpan], emphasis: TextAttributes = []) -> [TextWrap.Run] {
    spans.map { span in
      var style = theme.style(for: span.style)
      style.attributes.formUnion(emphasis)
      return (inert(span.text), style)
    }
  }

  /// Buttons side by side (a modal overlay's), after a blank row.
  mutating func renderButtonRow(_ buttons: [(label: String, isEnabled: Bool)]) {
    guard !buttons.isEmpty else { return }
    if y > 0 { y += 1 }
    var column = 0
    for (label, isEnabled) in buttons {
      let focus = claimFocus()
      let text = bracketed(" " + inert(label) + " ", focused: focus.isFocused).truncated(toWidth: canvas.width)
      let buttonWidth = displayWidth(of: text)
      if column > 0 && column + buttonWidth > canvas.width {
        y += 1
        column = 0
      }
      canvas.put(
        text, x: column, y: y,
        style: theme.control(focused: focus.isFocused, enabled: isEnabled, normal: theme.style(.bold)))
      noteFocus(focus.index, x: column, y: y, width: buttonWidth)
      column += buttonWidth + 2
    }
    y += 1
  }

  // MARK: Lists

  private mutating func renderList(_ list: ListNode<Action>, x: Int, width: Int) {
    for (index, item) in list.items.enumerated() {
      let itemFocus = claimFocus()
      let accessoryFocus = item.accessory.map { _ in claimFocus() }
      let top = y
      let marker = itemFocus.isFocused ? ">" : list.selected == index ? "*" : " "
      canvas.put(marker, x: x, y: y, style: itemFocus.isFocused ? theme.focused : theme.style(.bold))
      var titleWidth = width - 2
      if let accessory = item.accessory, let accessoryFocus {
        let text = toggleText(label: "", isOn: accessory.isOn, focused: accessoryFocus.isFocused)
        let accessoryWidth = displayWidth(of: text)
        let column = x + width - accessoryWidth
        let style = accessoryFocus.isFocused ? theme.focused : accessory.isOn ? theme.toggleOn : theme.secondary
        canvas.put(text, x: column, y: y, style: style, clip: x..<(x + width))
        noteFocus(accessoryFocus.index, x: column, y: y, width: accessoryWidth)
        titleWidth -= accessoryWidth + 1
      }
      let emphasis: TextAttributes = itemFocus.isFocused ? [.reverse] : []
      let title = TextWrap.truncated(spanRuns(item.title, emphasis: emphasis), width: max(0, titleWidth))
      putRuns(title, x: x + 2, width: max(0, titleWidth))
      y += 1
      if !item.subtitle.isEmpty {
        putRuns(TextWrap.truncated(spanRuns(item.subtitle), width: width - 4), x: x + 4, width: width - 4)
        y += 1
      }
      if itemFocus.isFocused, let detail = item.detail, !detail.isEmpty {
        let lines = detail.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
          TextWrap.lines(inert(String($0)), width: width - 4)
        }
        for line in lines.prefix(6) {
          canvas.put(line, x: x + 4, y: y, style: theme.secondary, clip: x..<(x + width))
          y += 1
        }
      }
      noteFocus(itemFocus.index, x: x, y: top, width: max(1, titleWidth + 2), height: y - top)
    }
    if let more = list.more {
      let focus = claimFocus()
      let text = bracketed(" " + inert(more.label) + " ", focused: focus.isFocused)
      putLine(text, x: x + 2, width: width - 2, style: focus.isFocused ? theme.focused : theme.style(.bold))
      noteFocus(focus.index, x: x + 2, y: y, width: min(width - 2, displayWidth(of: text)))
      y += 1
    }
  }

  // MARK: Collections

  private mutating func renderCollection(_ collection: CollectionNode<Action>, x: Int, width: Int) {
    let cards = collection.cards
    let cardHeight = 3 + min(2, cards.map(\.lines.count).max() ?? 0) + (cards.contains { $0.rating != nil } ? 1 : 0)
    let title = inert(collection.title)
    switch collection.layout.columns {
    case nil:
      let cardWidth = min(width, min(26, max(14, width / 3 - 1)))
      let visible = max(1, (width + 1) / (cardWidth + 1))
      let start = nextFocus
      let local = focused.map { $0 - start }.flatMap { cards.indices.contains($0) ? $0 : nil }
      let first = local.map { $0 >= visible ? $0 - visible + 1 : 0 } ?? 0
      var heading = title
      if cards.count > visible {
        let last = min(cards.count, first + visible)
        heading +=
          (title.isEmpty ? "" : "  ") + (first > 0 ? "< " : "  ") + "\(first + 1)-\(last) of \(cards.count)"
          + (last < cards.count ? " >" : "")
      }
      if !heading.isEmpty {
        putLine(heading, x: x, width: width, style: theme.style(.bold))
        y += 1
      }
      guard !cards.isEmpty else { return }
      for (index, card) in cards.enumerated() {
        let focus = claimFocus()
        guard index >= first, index <= first + visible else { continue }
        let column = x + (index - first) * (cardWidth + 1)
        let rect = Rect(x: column, y: y, width: cardWidth, height: cardHeight)
        drawCard(card, in: rect, focused: focus.isFocused, clip: x..<(x + width))
        if column + cardWidth <= x + width { canvas.noteFocus(focus.index, rect: rect) }
      }
      y += cardHeight
    case .some(let requested):
      if !title.isEmpty {
        putLine(title, x: x, width: width, style: theme.style(.bold))
        y += 1
      }
      var columns = min(requested, max(1, cards.count))
      while columns > 1 && (width - (columns - 1)) / columns < 12 { columns -= 1 }
      let cardWidth = max(1, (width - (columns - 1)) / columns)
      for (index, card) in cards.enumerated() {
        let focus = claimFocus()
        let column = x + (index % columns) * (cardWidth + 1)
        if index > 0 && index % columns == 0 { y += cardHeight }
        let rect = Rect(x: column, y: y, width: cardWidth, height: cardHeight)
        drawCard(card, in: rect, focused: focus.isFocused, clip: x..<(x + width))
        canvas.noteFocus(focus.index, rect: rect)
      }
      if !cards.isEmpty { y += cardHeight }
    }
  }

  private mutating func drawCard(_ card: Card<Action>, in rect: Rect, focused: Bool, clip: Range<Int>) {
    let border = focused ? theme.style(.bold) : theme.border
    canvas.box(rect, style: border, horizontal: focused ? "=" : "-", clip: clip)
    let inner = rect.width - 2
    guard inner > 0 else { return }
    let titleStyle = focused ? theme.focused : theme.style(.bold)
    canvas.put(inert(card.title).truncated(toWidth: inner), x: rect.x + 1, y: rect.y + 1, style: titleStyle, clip: clip)
    var row = rect.y + 2
    for line in card.lines.prefix(2) {
      canvas.put(inert(line).truncated(toWidth: inner), x: rect.x + 1, y: row, style: theme.secondary, clip: clip)
      row += 1
    }
    if let rating = card.rating {
      let text = Self.ratingText(rating).truncated(toWidth: inner)
      canvas.put(text, x: rect.x + 1, y: rect.maxY - 2, style: theme.rating, clip: clip)
    }
  }

  // MARK: Controls

  private mutating func renderChips(_ chips: [Chip<Action>], x: Int, width: Int) {
    var column = x
    for chip in chips {
      let focus = chip.action != nil ? claimFocus() : nil
      let isFocused = focus?.isFocused ?? false
      let text = bracketed(inert(chip.label), focused: isFocused).truncated(toWidth: width)
      let chipWidth = displayWidth(of: text)
      if column > x && column + chipWidth > x + width {
        y += 1
        column = x
      }
      let style = theme.control(
        focused: isFocused, enabled: chip.isEnabled,
        normal: chip.isSelected ? theme.selected : chip.action == nil ? theme.secondary : theme.style())
      canvas.put(text, x: column, y: y, style: style, clip: x..<(x + width))
      if let focus { noteFocus(focus.index, x: column, y: y, width: chipWidth) }
      column += chipWidth + 1
    }
    if !chips.isEmpty { y += 1 }
  }

  private mutating func renderTextField(_ field: TextFieldNode<Action>, x: Int, width: Int) {
    let focus = claimFocus()
    let enabled = field.isEnabled
    let label = field.label.isEmpty ? "" : (inert(field.label) + ": ").truncated(toWidth: max(0, width / 3))
    let labelStyle = enabled ? (focus.isFocused ? theme.style(.bold) : theme.secondary) : theme.disabled
    let labelEnd = canvas.put(label, x: x, y: y, style: labelStyle)
    let boxWidth = max(0, x + width - labelEnd)
    let inner = boxWidth - 2
    noteFocus(focus.index, x: x, y: y, width: width)
    guard inner > 0 else {
      y += 1
      return
    }
    let brackets: (String, String) = focus.isFocused ? ("<", ">") : ("[", "]")
    let bracketStyle = theme.control(focused: focus.isFocused, enabled: enabled, normal: theme.border)
    canvas.put(brackets.0, x: labelEnd, y: y, style: bracketStyle)
    canvas.put(brackets.1, x: labelEnd + inner + 1, y: y, style: bracketStyle)
    let clip = (labelEnd + 1)..<(labelEnd + 1 + inner)
    let text = inert(field.text)
    if let editing, editing.fieldID == field.id, focus.isFocused {
      // Show the part of the text around the cursor: drop leading characters until the cursor fits.
      let characters = Array(text)
      let cursor = editing.cursor(in: text)
      var start = 0
      var cursorColumn = displayWidth(of: String(characters[..<cursor]))
      while cursorColumn >= inner && start < cursor {
        cursorColumn -= displayWidth(of: characters[start])
        start += 1
      }
      let visible = String(characters[start...]).truncated(toWidth: inner, ellipsis: "")
      canvas.put(visible, x: labelEnd + 1, y: y, style: theme.style(.underline), clip: clip)
      canvas.cursor = Point(x: labelEnd + 1 + cursorColumn, y: y)
    } else if text.isEmpty {
      canvas.put(inert(field.placeholder).truncated(toWidth: inner), x: labelEnd + 1, y: y, style: theme.secondary)
    } else {
      canvas.put(
        text.truncated(toWidth: inner), x: labelEnd + 1, y: y, style: enabled ? theme.style() : theme.disabled,
        clip: clip)
    }
    y += 1
    // The validation message (an error) or else the hint, under the input box.
    if reservesMessageLines {
      let room = max(1, x + width - labelEnd)
      if let message = field.message {
        putLine("! " + inert(message), x: labelEnd, width: room, style: theme.danger)
      } else if let hint = field.hint {
        putLine(inert(hint), x: labelEnd, width: room, style: theme.secondary)
      }
      canvas.height = max(canvas.height, y + 1)
      y += 1
    } else if let message = field.message {
      putWrapped([("! " + inert(message), theme.danger)], x: labelEnd, width: max(1, x + width - labelEnd))
    } else if let hint = field.hint {
      putWrapped([(inert(hint), theme.secondary)], x: labelEnd, width: max(1, x + width - labelEnd))
    }
  }

  private mutating func renderError(message: String, retry: Action?, x: Int, width: Int) {
    let boxWidth = min(width, 64)
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
      TextWrap.lines(inert(String($0)), width: max(1, boxWidth - 4))
    }
    let height = 2 + lines.count + (retry == nil ? 0 : 2)
    canvas.box(Rect(x: x, y: y, width: boxWidth, height: height), style: theme.danger, clip: x..<(x + width))
    canvas.put(" Error ", x: x + 2, y: y, style: theme.danger, clip: x..<(x + boxWidth))
    for (offset, line) in lines.enumerated() {
      canvas.put(line, x: x + 2, y: y + 1 + offset, style: theme.style(), clip: x..<(x + boxWidth - 1))
    }
    if retry != nil {
      let focus = claimFocus()
      let text = bracketed(" Retry ", focused: focus.isFocused)
      let row = y + 1 + lines.count + 1
      canvas.put(
        text, x: x + 2, y: row, style: focus.isFocused ? theme.focused : theme.style(.bold),
        clip: x..<(x + boxWidth - 1))
      noteFocus(focus.index, x: x + 2, y: row, width: displayWidth(of: text))
    }
    y += height
  }

  // MARK: Data

  private mutating func renderFields(_ fields: [Field], x: Int, width: Int) {
    let labelWidth = min(fields.map { displayWidth(of: inert($0.label)) }.max() ?? 0, max(1, width / 3))
    let valueWidth = width - labelWidth - 2
    for field in fields {
      canvas.put(inert(field.label).fitted(toWidth: labelWidth), x: x, y: y, style: theme.secondary)
      let lines = valueWidth > 0 ? TextWrap.lines(inert(field.value), width: valueWidth) : [""]
      for line in lines {
        canvas.put(line, x: x + labelWidth + 2, y: y, style: theme.style(), clip: x..<(x + width))
        y += 1
      }
    }
  }

  private mutating func renderTable(_ table: TableNode, x: Int, width: Int) {
    let count = max(table.columns.count, table.rows.map(\.count).max() ?? 0)
    guard count > 0 else { return }
    func cell(_ row: [String], _ column: Int) -> String { column < row.count ? inert(row[column]) : "" }
    var widths = (0..<count).map { column in
      min(width, ([table.columns] + table.rows).map { displayWidth(of: cell($0, column)) }.max() ?? 0)
    }
    while widths.reduce(0, +) + 2 * (count - 1) > width,
      let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
      widths[widest] > 3
    {
      widths[widest] -= 1
    }
    func line(_ row: [String], style: Style) {
      var column = x
      for index in 0..<count {
        canvas.put(
          cell(row, index).fitted(toWidth: widths[index]), x: column, y: y, style: style, clip: x..<(x + width))
        column += widths[index] + 2
      }
      y += 1
    }
    line(table.columns, style: theme.style(.bold))
    canvas.put(
      String(repeating: "-", count: min(width, widths.reduce(0, +) + 2 * (count - 1))), x: x, y: y, style: theme.border)
    y += 1
    for row in table.rows { line(row, style: theme.style()) }
  }
}
