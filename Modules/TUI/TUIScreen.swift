import Presentation
import Terminal

/// The pure layout of a whole frame: tab bar on top, the active screen's content (scrolled so the focused element
/// is visible), the status bar at the bottom, then — on top — a modal overlay of the screen, the DevTools panel
/// (right of the content when the terminal is at least 90 columns wide, below it otherwise) and the key help.
public enum TUIScreen {
  /// Narrowest/shortest terminal the layout draws in; smaller ones get a notice.
  public static let minimumSize = Size(width: 20, height: 6)

  /// Renders a frame.
  /// - Parameters:
  ///   - state: the UI state (size, tab, focus, editing, panels, status facts).
  ///   - tabs: the app tabs' titles (features with a screen, in registry order).
  ///   - tabKeys: their features' keys, which the feature switcher matches too (empty: numbered).
  ///   - content: the active tab's view (the historic one while time travelling).
  ///   - devTools: the DevTools panel model, used when the panel is visible (`nil`: not installed).
  ///   - theme: colours or not.
  public static func render<Action>(
    state: TUIState, tabs: [String], tabKeys: [String] = [], content: ViewNode<Action>?,
    devTools: DevToolsPanel? = nil, theme: TUITheme = .color
  ) -> TUIFrame {
    var buffer = Buffer(size: state.size)
    let width = buffer.width
    let height = buffer.height
    guard width >= minimumSize.width, height >= minimumSize.height else {
      buffer.put("Terminal too small".truncated(toWidth: width), x: 0, y: 0)
      return TUIFrame(buffer: buffer, cursor: nil, scrollOffset: state.scrollOffset, hits: [])
    }
    var hits: [HitRegion] = []
    var viewports: [Viewport] = []
    // The screen's rows as the row filter (`/`) keeps them: input is handled against the same rows.
    let content = state.rowFilter.map { content?.keepingRows(containing: $0) } ?? content
    drawTabBar(tabs, selected: state.selectedTab, into: &buffer, hits: &hits, theme: theme)

    let body = Rect(x: 0, y: 2, width: width, height: height - 3)
    var contentArea = body
    var panelArea: Rect?
    if state.devTools.isVisible {
      if width >= 90 {
        let panelWidth = max(34, width * 2 / 5)
        panelArea = Rect(x: width - panelWidth, y: body.y, width: panelWidth, height: body.height)
        contentArea = Rect(x: 0, y: body.y, width: width - panelWidth, height: body.height)
      } else {
        let panelHeight = max(6, body.height / 2)
        panelArea = Rect(x: 0, y: body.maxY - panelHeight, width: width, height: panelHeight)
        contentArea = Rect(x: 0, y: body.y, width: width, height: body.height - panelHeight)
      }
    }

    var cursor: Point?
    var scrollOffset = state.scrollOffset
    let contentRect = Rect(
      x: contentArea.x + 1, y: contentArea.y, width: contentArea.width - 2, height: contentArea.height)
    if let content {
      let overlay = content.firstOverlay
      var renderer = ContentRenderer<Action>(
        width: contentRect.width, theme: theme, focused: overlay == nil ? state.focusIndex : nil,
        editing: overlay == nil ? state.editing : nil, spinnerFrame: state.spinnerFrame)
      renderer.render(content)
      let canvas = renderer.canvas
      let followsFocus = overlay == nil && state.followsFocus.contains(state.selectedTab)
      scrollOffset = canvas.scrollOffset(
        showing: followsFocus ? state.focusIndex : nil, rows: contentRect.height, previous: state.scrollOffset)
      canvas.blit(into: &buffer, area: contentRect, scroll: scrollOffset)
      let viewport = Viewport(
        scroller: .content, top: scrollOffset, rows: contentRect.height, contentHeight: canvas.height,
        focusRows: canvas.focusRows)
      drawScrollbar(viewport, x: contentArea.maxX - 1, y: contentRect.y, into: &buffer, theme: theme)
      viewports.append(viewport)
      if overlay == nil {
        hits += visibleHits(canvas, area: contentRect, scroll: scrollOffset)
        cursor = visibleCursor(canvas, area: contentRect, scroll: scrollOffset)
      } else if let overlay {
        let result = drawOverlay(overlay, state: state, over: contentArea, into: &buffer, theme: theme)
        hits += result.hits
        cursor = result.cursor
        viewports.append(result.viewport)
      }
    } else {
      buffer.put("No screen to show.", x: contentRect.x, y: contentRect.y, style: theme.secondary)
    }
    if let panelArea {
      drawDevTools(devTools ?? .notInstalled, in: panelArea, beside: width >= 90, into: &buffer, theme: theme)
    }
    if state.isHelpVisible {
      // The help describes the keys of the screen, field or dialog under it.
      let below = KeySituation(
        state: state.withoutDialogs, content: content, tabCount: tabs.count,
        overflows: viewports.last?.overflows ?? false)
      viewports.append(drawHelp(below, top: state.helpTop, over: body, into: &buffer, theme: theme))
      cursor = nil
    }
    if state.isOutboxVisible {
      let rows = state.outbox?.lines ?? []
      // The chosen line is marked as a list's focus is: what `r` and `d` act on, when the app lets them.
      let actionable = !rows.isEmpty && state.outbox?.id(at: 0) != nil
      let chosen = min(state.outboxSelection, rows.count - 1)
      let lines =
        rows.isEmpty
        ? [(text: "No change waits to send.", style: theme.style())]
        : rows.enumerated().map { index, row in
          let text = TextSanitizer.inert(row)
          guard actionable else { return (text: text, style: theme.style()) }
          return index == chosen ? (text: "> " + text, style: theme.focused) : (text: "  " + text, style: theme.style())
        }
      viewports.append(
        drawBox(
          title: "Outbox: " + (state.outbox?.status ?? "nothing waiting"), lines: lines,
          footer: actionable
            ? "r retry (a conflict: keep yours) - d discard (take theirs) - Esc closes"
            : "Esc or o closes - kumiki outbox discard ID drops one", top: state.outboxTop, over: body,
          scroller: .outbox,
          into: &buffer, theme: theme
        ).viewport)
      cursor = nil
    }
    if let switcher = state.switcher {
      let features = tabs.enumerated().map { index, title in
        FeatureSwitcher.Entry(key: tabKeys.count == tabs.count ? tabKeys[index] : "\(index + 1)", title: title)
      }
      let entries = FeatureSwitcher.entries(tabs: features, state: state, content: content)
      hits += drawSwitcher(switcher, entries: entries, over: body, into: &buffer, theme: theme)
      cursor = nil
    }
    if let confirmation = state.confirmation {
      hits += drawConfirmation(confirmation, over: body, into: &buffer, theme: theme)
      cursor = nil
    }
    let situation = KeySituation(
      state: state, content: content, tabCount: tabs.count, overflows: viewports.last?.overflows ?? false)
    drawStatusBar(state, situation: situation, toast: content?.firstToast?.text, into: &buffer, theme: theme)
    return TUIFrame(buffer: buffer, cursor: cursor, scrollOffset: scrollOffset, hits: hits, viewports: viewports)
  }

  // MARK: Chrome

  /// The tab bar: as many tabs as fit around the selected one (which is always shown), with `<` and `>` at the
  /// edges when more tabs lie left or right, and the selected tab underlined on the rule below.
  private static func drawTabBar(
    _ tabs: [String], selected: Int, into buffer: inout Buffer, hits: inout [HitRegion], theme: TUITheme
  ) {
    let width = buffer.width
    buffer.put(String(repeating: "-", count: width), x: 0, y: 1, style: theme.border)
    let labels = tabs.enumerated().map { index, title in
      (index < 9 ? " \(index + 1) " : " ") + TextSanitizer.inert(title).truncated(toWidth: 20) + " "
    }
    let widths = labels.map { displayWidth(of: $0) + 1 }
    guard !labels.isEmpty else { return }
    let chosen = min(max(0, selected), labels.count - 1)
    var range = 0..<labels.count
    if widths.reduce(0, +) > width {
      // Room for the `<` and `>` markers; the window starts as far left as still shows the selected tab.
      let room = width - 4
      var start = chosen
      while start > 0 && widths[(start - 1)...chosen].reduce(0, +) <= room { start -= 1 }
      var end = chosen + 1
      while end < labels.count && widths[start...end].reduce(0, +) <= room { end += 1 }
      range = start..<end
    }
    var x = range.lowerBound > 0 ? 2 : 0
    if range.lowerBound > 0 { buffer.put("<", x: 0, y: 0, style: theme.style(.bold)) }
    for index in range {
      let style = index == chosen ? theme.style([.reverse, .bold]) : theme.style()
      let end = buffer.put(labels[index], x: x, y: 0, style: style)
      hits.append(HitRegion(rect: Rect(x: x, y: 0, width: end - x, height: 1), target: .tab(index)))
      if index == chosen {
        buffer.put(String(repeating: "=", count: end - x), x: x, y: 1, style: theme.style(.bold))
      }
      x = end + 1
    }
    if range.upperBound < labels.count { buffer.put(">", x: width - 1, y: 0, style: theme.style(.bold)) }
  }

  private static func drawStatusBar(
    _ state: TUIState, situation: KeySituation, toast: String?, into buffer: inout Buffer, theme: TUITheme
  ) {
    let width = buffer.width
    let row = buffer.height - 1
    buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: theme.statusBar)
    let frames = ContentRenderer<Never>.spinnerFrames
    let activity =
      state.activity > 0
      ? " \(frames[((state.spinnerFrame % 4) + 4) % 4]) loading "
      : state.offline.map { " \(TextSanitizer.inert($0)) " } ?? " ready "
    let activityStyle =
      state.activity == 0 && state.offline != nil
      ? theme.style([.reverse, .bold], color: .yellow) : theme.style([.reverse, .bold])
    var x = buffer.put(activity, x: 0, y: row, style: activityStyle)
    if let waiting = state.outbox?.status {
      // Writes waiting to reach the API: shown whatever else the bar says.
      let marker = " " + TextSanitizer.inert(waiting) + " "
      x = buffer.put(
        marker.truncated(toWidth: max(0, width / 2 - x)), x: x + 1, y: row,
        style: theme.style([.reverse, .bold], color: .yellow))
    }
    // What the bar says comes before the hints: a message (an export's file, a change that was undone), the row
    // filter or a toast is never cut to make room for key hints; the hints give way, down to none. An error (the
    // screen shows it whole) shares the bar with them, keeping the consequence it ends with when cut.
    let undo = KeyBinding.active(in: situation).contains { $0.keys == "u" } ? " - u to undo" : ""
    var said: (text: String, style: Style)?
    var outranksHints = true
    if state.isTimeTravelling, let position = state.devTools.position {
      said = ("TIME TRAVEL at #\(position + 1) - G resumes", theme.style([.reverse, .bold], color: .yellow))
    } else if let message = state.message {
      said = (TextSanitizer.inert(message), theme.statusBar)
    } else if let filter = state.rowFilter {
      let text = "/" + TextSanitizer.inert(filter) + (state.isTypingRowFilter ? "_" : "  (filtered)")
      said = (text, theme.style([.reverse, .bold]))
    } else if let toast {
      // A toast of a screen on view: what just happened, for a few seconds (it replaces an error meanwhile).
      said = (TextSanitizer.inert(toast) + undo, theme.style([.reverse, .bold], color: .green))
    } else if let error = state.lastError {
      said = ("Error: " + TextSanitizer.inert(firstSentence(of: error)), theme.style([.reverse, .bold], color: .red))
      outranksHints = false
    }
    var hintRoom = width >= 50 ? width / 2 : 8
    if let said, outranksHints { hintRoom = min(hintRoom, width - x - 1 - displayWidth(of: said.text) - 2) }
    let line = KeyBinding.hints(in: situation, width: max(0, hintRoom))
    let hints = line.isEmpty ? "" : line + " "
    let hintsWidth = displayWidth(of: hints)
    buffer.put(hints, x: width - hintsWidth, y: row, style: theme.statusBar)
    let room = width - x - hintsWidth - 2
    guard var text = said?.text, let style = said?.style else { return }
    if !outranksHints, displayWidth(of: text) > room, let dash = text.ranges(of: " - ").last {
      let consequence = String(text[dash.lowerBound...])
      text =
        String(text[..<dash.lowerBound]).truncated(toWidth: max(0, room - displayWidth(of: consequence)))
        + consequence
    }
    buffer.put(text.truncated(toWidth: room), x: x + 1, y: row, style: style)
  }

  /// An error's first sentence: the status bar's plain reason; the screen shows the whole message and DevTools the
  /// state holding it (an HTTP library's own words come after, as the detail).
  static func firstSentence(of message: String) -> String {
    guard let end = message.range(of: ". ") else { return message }
    // The consequence a message ends with (` - your change was undone`) is what the user must know: it stays.
    let consequence = message.ranges(of: " - ").last.flatMap { $0.lowerBound >= end.upperBound ? $0 : nil }
    return String(message[..<end.lowerBound]) + "." + (consequence.map { String(message[$0.lowerBound...]) } ?? "")
  }

  /// The scroll position of `viewport` in the column `x` beside its rows: a `#` thumb sized and placed as the
  /// window is over the content, `^` on the first row when there is more above and `v` on the last when there is
  /// more below. Nothing when the content fits.
  private static func drawScrollbar(_ viewport: Viewport, x: Int, y: Int, into buffer: inout Buffer, theme: TUITheme) {
    guard viewport.overflows, viewport.rows > 0 else { return }
    let rows = viewport.rows
    let thumb = max(1, rows * rows / max(1, viewport.contentHeight))
    let start = viewport.maxTop == 0 ? 0 : (rows - thumb) * viewport.top / viewport.maxTop
    for row in start..<min(rows, start + thumb) { buffer.put("#", x: x, y: y + row, style: theme.border) }
    if viewport.top > 0 { buffer.put("^", x: x, y: y, style: theme.border) }
    if viewport.top < viewport.maxTop { buffer.put("v", x: x, y: y + rows - 1, style: theme.border) }
  }

  // MARK: Content helpers

  private static func visibleHits(_ canvas: Canvas, area: Rect, scroll: Int) -> [HitRegion] {
    canvas.focusRects.compactMap { index, rect in
      let moved = Rect(x: area.x + rect.x, y: area.y + rect.y - scroll, width: rect.width, height: rect.height)
        .intersection(area)
      return moved.isEmpty ? nil : HitRegion(rect: moved, target: .focusable(index))
    }
  }

  private static func visibleCursor(_ canvas: Canvas, area: Rect, scroll: Int) -> Point? {
    guard let cursor = canvas.cursor else { return nil }
    let point = Point(x: area.x + cursor.x, y: area.y + cursor.y - scroll)
    return area.contains(x: point.x, y: point.y) ? point : nil
  }

  private static func drawOverlay<Action>(
    _ overlay: OverlayNode<Action>, state: TUIState, over area: Rect, into buffer: inout Buffer, theme: TUITheme
  ) -> (hits: [HitRegion], cursor: Point?, viewport: Viewport) {
    let boxWidth = max(min(area.width, 20), min(area.width - 4, 64))
    let innerWidth = boxWidth - 4
    var renderer = ContentRenderer<Action>(
      width: max(0, innerWidth), theme: theme, focused: state.focusIndex, editing: state.editing,
      spinnerFrame: state.spinnerFrame, reservesMessageLines: true)
    renderer.render(overlay.content)
    renderer.renderButtonRow(overlay.buttons.map { ($0.label, $0.isEnabled) })
    let canvas = renderer.canvas
    let boxHeight = min(area.height, canvas.height + 2)
    let box = Rect(
      x: area.x + (area.width - boxWidth) / 2, y: area.y + max(0, (area.height - boxHeight) / 2), width: boxWidth,
      height: boxHeight)
    let inner = Rect(x: box.x + 2, y: box.y + 1, width: max(0, innerWidth), height: max(0, boxHeight - 2))
    let followsFocus = state.overlay?.followsFocus ?? false
    let scroll = canvas.scrollOffset(
      showing: followsFocus ? state.focusIndex : nil, rows: inner.height, previous: state.overlay?.top ?? 0)
    let viewport = Viewport(
      scroller: .overlay, top: scroll, rows: inner.height, contentHeight: canvas.height, focusRows: canvas.focusRows)
    guard innerWidth > 0 else { return ([], nil, viewport) }
    buffer.fill(Rect(x: box.x - 1, y: box.y, width: box.width + 2, height: box.height).intersection(area))
    buffer.drawBox(box, style: theme.style(.bold))
    let title = " " + TextSanitizer.inert(overlay.title) + " "
    buffer.put(title.truncated(toWidth: boxWidth - 4), x: box.x + 2, y: box.y, style: theme.heading)
    canvas.blit(into: &buffer, area: inner, scroll: scroll)
    drawScrollbar(viewport, x: box.maxX - 1, y: inner.y, into: &buffer, theme: theme)
    return (
      visibleHits(canvas, area: inner, scroll: scroll), visibleCursor(canvas, area: inner, scroll: scroll), viewport
    )
  }

  /// A centered box titled `title` for `lines`, scrolled to `top`; returns the box's inner area and its viewport.
  private static func drawBox(
    title: String, lines: [(text: String, style: Style)], footer: String?, top: Int, over area: Rect,
    scroller: Viewport.Scroller, into buffer: inout Buffer, theme: TUITheme
  ) -> (inner: Rect, viewport: Viewport) {
    let textWidth = max(
      displayWidth(of: title) + 2,
      (lines.map { displayWidth(of: $0.text) } + [displayWidth(of: footer ?? "")]).max() ?? 0)
    let boxWidth = min(area.width, textWidth + 4)
    let footerRows = footer == nil ? 0 : 1
    let boxHeight = min(area.height, lines.count + 2 + footerRows)
    let box = Rect(
      x: area.x + (area.width - boxWidth) / 2, y: area.y + (area.height - boxHeight) / 2, width: boxWidth,
      height: boxHeight)
    buffer.fill(box)
    buffer.drawBox(box, style: theme.style(.bold))
    buffer.put(" \(title) ".truncated(toWidth: max(0, boxWidth - 4)), x: box.x + 2, y: box.y, style: theme.heading)
    let inner = Rect(
      x: box.x + 2, y: box.y + 1, width: max(0, boxWidth - 4), height: max(0, boxHeight - 2 - footerRows))
    let viewport = Viewport(scroller: scroller, top: 0, rows: inner.height, contentHeight: lines.count)
    let first = viewport.clamped(top)
    for (offset, line) in lines.dropFirst(first).prefix(inner.height).enumerated() {
      buffer.put(line.text, x: inner.x, y: inner.y + offset, style: line.style, clip: inner)
    }
    if let footer, boxHeight > 2 {
      buffer.put(footer.truncated(toWidth: inner.width), x: inner.x, y: box.maxY - 2, style: theme.secondary)
    }
    let shown = Viewport(scroller: scroller, top: first, rows: inner.height, contentHeight: lines.count)
    drawScrollbar(shown, x: box.maxX - 1, y: inner.y, into: &buffer, theme: theme)
    return (inner, shown)
  }

  /// The help: the bindings active in the screen, field or dialog under it (``KeyBinding/active(in:)``), the mouse
  /// included, scrolled when taller than the screen.
  private static func drawHelp(
    _ situation: KeySituation, top: Int, over area: Rect, into buffer: inout Buffer, theme: TUITheme
  ) -> Viewport {
    let bindings = KeyBinding.active(in: situation)
    let innerWidth = max(1, area.width - 4)
    let keyWidth = min(24, innerWidth / 3, bindings.map { displayWidth(of: $0.keys) }.max() ?? 0)
    let actionWidth = max(1, innerWidth - keyWidth - 2)
    var lines: [(text: String, style: Style)] = []
    let indent = String(repeating: " ", count: keyWidth + 2)
    for binding in bindings {
      // Keys wider than their column get a line of their own, the action under them.
      let ownLine = displayWidth(of: binding.keys) > keyWidth
      if ownLine { lines.append((binding.keys, theme.style())) }
      for (index, action) in TextWrap.lines(binding.action, width: actionWidth).enumerated() {
        let keys = index == 0 && !ownLine ? binding.keys.fitted(toWidth: keyWidth) + "  " : indent
        lines.append((keys + action, theme.style()))
      }
    }
    let title =
      situation.mode == .dialog
      ? "Keys: this dialog" : situation.mode == .editing ? "Keys: this field" : "Keys: this screen"
    return drawBox(
      title: title, lines: lines, footer: "Esc or ? closes", top: top, over: area, scroller: .help, into: &buffer,
      theme: theme
    ).viewport
  }

  /// The command palette: the filter typed so far and the matching features and commands, the chosen one reversed.
  private static func drawSwitcher(
    _ switcher: FeatureSwitcher, entries: [FeatureSwitcher.Entry], over area: Rect, into buffer: inout Buffer,
    theme: TUITheme
  ) -> [HitRegion] {
    let matches = switcher.matches(in: entries)
    let keyWidth = min(16, entries.map { displayWidth(of: TextSanitizer.inert($0.key)) }.max() ?? 0)
    let rows = max(1, min(matches.count, area.height - 5))
    let first = max(0, min(switcher.selection - rows + 1, matches.count - rows))
    var lines: [(text: String, style: Style)] = [(": " + TextSanitizer.inert(switcher.query) + "_", theme.style(.bold))]
    if switcher.isQuit {
      lines.append(("Enter quits", theme.style(.bold)))
    } else if matches.isEmpty {
      lines.append(("nothing matches", theme.secondary))
    }
    for (offset, index) in matches.dropFirst(first).prefix(rows).enumerated() {
      let chosen = first + offset == switcher.selection
      let entry = entries[index]
      let key = TextSanitizer.inert(entry.key).truncated(toWidth: keyWidth).padded(toWidth: keyWidth)
      let text = (chosen ? "> " : "  ") + key + "  " + TextSanitizer.inert(entry.title)
      lines.append((text, chosen ? theme.style([.reverse, .bold]) : theme.style()))
    }
    let drawn = drawBox(
      title: "Go to feature or run a command", lines: lines.map { ($0.text.padded(toWidth: 30), $0.style) },
      footer: "type to filter, Enter runs, :q quits", top: 0, over: area, scroller: .switcher, into: &buffer,
      theme: theme)
    return matches.dropFirst(first).prefix(rows).indices.map { position in
      HitRegion(
        rect: Rect(x: drawn.inner.x, y: drawn.inner.y + 1 + position - first, width: drawn.inner.width, height: 1),
        target: .choice(position))
    }
  }

  /// The TUI's confirmation: the question and its two choices, the focused one marked as buttons are.
  private static func drawConfirmation(
    _ confirmation: Confirmation, over area: Rect, into buffer: inout Buffer, theme: TUITheme
  ) -> [HitRegion] {
    let labels = confirmation.choices.enumerated().map { index, label in
      index == confirmation.focus ? "< \(label) >" : "[ \(label) ]"
    }
    let row = labels.joined(separator: "  ")
    let drawn = drawBox(
      title: "Confirm",
      lines: [(confirmation.question, theme.style(.bold)), ("", theme.style()), (row, theme.style())],
      footer: "y: yes  n or Esc: no", top: 0, over: area, scroller: .switcher, into: &buffer, theme: theme)
    var hits: [HitRegion] = []
    var x = drawn.inner.x
    for (index, label) in labels.enumerated() {
      let labelWidth = displayWidth(of: label)
      let style = index == confirmation.focus ? theme.focused : theme.style(.bold)
      buffer.put(label, x: x, y: drawn.inner.y + 2, style: style, clip: drawn.inner)
      hits.append(
        HitRegion(rect: Rect(x: x, y: drawn.inner.y + 2, width: labelWidth, height: 1), target: .choice(index)))
      x += labelWidth + 2
    }
    return hits
  }

  // MARK: DevTools

  private static func drawDevTools(
    _ panel: DevToolsPanel, in area: Rect, beside: Bool, into buffer: inout Buffer, theme: TUITheme
  ) {
    buffer.fill(area)
    let inner: Rect
    if beside {
      for row in area.minY..<area.maxY { buffer.put("|", x: area.x, y: row, style: theme.border) }
      inner = Rect(x: area.x + 2, y: area.y, width: area.width - 3, height: area.height)
    } else {
      buffer.put(String(repeating: "=", count: area.width), x: area.x, y: area.y, style: theme.border)
      inner = Rect(x: area.x + 1, y: area.y + 1, width: area.width - 2, height: area.height - 1)
    }
    guard inner.height >= 3, inner.width > 4 else { return }
    var row = inner.y
    func line(_ text: String, style: Style) {
      guard row < inner.maxY - 1 else { return }
      buffer.put(text.truncated(toWidth: inner.width), x: inner.x, y: row, style: style, clip: inner)
      row += 1
    }
    let status =
      !panel.isInstalled
      ? ""
      : panel.isPaused ? "PAUSED \(panel.selected.map { $0 + 1 } ?? 0)/\(panel.total)" : "LIVE \(panel.total) actions"
    line("DevTools  " + status, style: theme.heading)
    guard panel.isInstalled else {
      line("Not installed: assemble the app", style: theme.secondary)
      line("with DevTools().middleware.", style: theme.secondary)
      return
    }
    if panel.rows.isEmpty { line("No actions yet.", style: theme.secondary) }
    let listHeight = max(2, (inner.height - 3) / 2)
    let selected = panel.rows.firstIndex { $0.index == panel.selected } ?? 0
    let start = max(0, min(selected - listHeight / 2, panel.rows.count - listHeight))
    for entry in panel.rows[start..<min(panel.rows.count, start + listHeight)] {
      let text = "\(entry.index + 1) \(entry.time) " + TextSanitizer.inert(entry.description)
      line(text, style: entry.index == panel.selected ? theme.style([.reverse, .bold]) : theme.style())
    }
    if let selected = panel.selected {
      let heading = "-- diff #\(selected + 1) "
      line(heading + String(repeating: "-", count: max(0, inner.width - heading.count)), style: theme.heading)
      if panel.diff.isEmpty { line("(no state change)", style: theme.secondary) }
      for diffLine in panel.diff {
        guard let diffLine else {
          line("  ...", style: theme.secondary)
          continue
        }
        let style = diffLine.hasPrefix("+") ? theme.added : diffLine.hasPrefix("-") ? theme.removed : theme.style()
        line(TextSanitizer.inert(diffLine), style: style)
      }
    }
    buffer.put(
      "[ ] step  G live  e export".truncated(toWidth: inner.width), x: inner.x, y: inner.maxY - 1,
      style: theme.secondary)
  }
}
