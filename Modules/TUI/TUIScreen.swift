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
  ///   - content: the active tab's view (the historic one while time travelling).
  ///   - devTools: the DevTools panel model, used when the panel is visible (`nil`: not installed).
  ///   - theme: colours or not.
  public static func render<Action>(
    state: TUIState, tabs: [String], content: ViewNode<Action>?, devTools: DevToolsPanel? = nil,
    theme: TUITheme = .color
  ) -> TUIFrame {
    var buffer = Buffer(size: state.size)
    let width = buffer.width
    let height = buffer.height
    guard width >= minimumSize.width, height >= minimumSize.height else {
      buffer.put("Terminal too small".truncated(toWidth: width), x: 0, y: 0)
      return TUIFrame(buffer: buffer, cursor: nil, scrollOffset: state.scrollOffset, hits: [])
    }
    var hits: [HitRegion] = []
    drawTabBar(tabs, selected: state.selectedTab, into: &buffer, hits: &hits, theme: theme)
    buffer.put(String(repeating: "-", count: width), x: 0, y: 1, style: theme.border)
    if let tab = hits.first(where: { $0.target == .tab(state.selectedTab) }) {  // underline the selected tab
      buffer.put(String(repeating: "=", count: tab.rect.width), x: tab.rect.x, y: 1, style: theme.style(.bold))
    }
    drawStatusBar(state, into: &buffer, theme: theme)

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
      scrollOffset = canvas.scrollOffset(
        showing: overlay == nil ? state.focusIndex : nil, rows: contentRect.height, previous: state.scrollOffset)
      canvas.blit(into: &buffer, area: contentRect, scroll: scrollOffset)
      if scrollOffset > 0 { buffer.put("^", x: contentArea.maxX - 1, y: contentRect.y, style: theme.border) }
      if scrollOffset + contentRect.height < canvas.height {
        buffer.put("v", x: contentArea.maxX - 1, y: contentRect.maxY - 1, style: theme.border)
      }
      if overlay == nil {
        hits += visibleHits(canvas, area: contentRect, scroll: scrollOffset)
        cursor = visibleCursor(canvas, area: contentRect, scroll: scrollOffset)
      } else if let overlay {
        let result = drawOverlay(overlay, state: state, over: contentArea, into: &buffer, theme: theme)
        hits += result.hits
        cursor = result.cursor
      }
    } else {
      buffer.put("No screen to show.", x: contentRect.x, y: contentRect.y, style: theme.secondary)
    }
    if let panelArea {
      drawDevTools(devTools ?? .notInstalled, in: panelArea, beside: width >= 90, into: &buffer, theme: theme)
    }
    if state.isHelpVisible {
      drawHelp(over: body, into: &buffer, theme: theme)
      cursor = nil
    }
    return TUIFrame(buffer: buffer, cursor: cursor, scrollOffset: scrollOffset, hits: hits)
  }

  // MARK: Chrome

  private static func drawTabBar(
    _ tabs: [String], selected: Int, into buffer: inout Buffer, hits: inout [HitRegion], theme: TUITheme
  ) {
    var x = 0
    for (index, title) in tabs.enumerated() {
      let label = index < 9 ? " \(index + 1) " : " "
      let text = label + TextSanitizer.inert(title).truncated(toWidth: 20) + " "
      let style = index == selected ? theme.style([.reverse, .bold]) : theme.style()
      let end = buffer.put(text, x: x, y: 0, style: style)
      hits.append(HitRegion(rect: Rect(x: x, y: 0, width: end - x, height: 1), target: .tab(index)))
      x = end + 1
    }
  }

  private static func drawStatusBar(_ state: TUIState, into buffer: inout Buffer, theme: TUITheme) {
    let width = buffer.width
    let row = buffer.height - 1
    buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: theme.statusBar)
    let frames = ContentRenderer<Never>.spinnerFrames
    let activity =
      state.activity > 0
      ? " \(frames[((state.spinnerFrame % 4) + 4) % 4]) loading " : state.isOffline ? " offline " : " ready "
    let activityStyle =
      state.activity == 0 && state.isOffline
      ? theme.style([.reverse, .bold], color: .yellow) : theme.style([.reverse, .bold])
    var x = buffer.put(activity, x: 0, y: row, style: activityStyle)
    let hints =
      width >= 90
      ? "Tab:next /:search r:refresh d:devtools ?:help q:quit " : width >= 50 ? "/:search ?:help q:quit " : "?:help "
    let hintsWidth = displayWidth(of: hints)
    buffer.put(hints, x: width - hintsWidth, y: row, style: theme.statusBar)
    let room = width - x - hintsWidth - 2
    x += 1
    if state.isTimeTravelling, let position = state.devTools.position {
      let text = "TIME TRAVEL at #\(position + 1) - G resumes"
      buffer.put(text.truncated(toWidth: room), x: x, y: row, style: theme.style([.reverse, .bold], color: .yellow))
    } else if let message = state.message {
      buffer.put(TextSanitizer.inert(message).truncated(toWidth: room), x: x, y: row, style: theme.statusBar)
    } else if let error = state.lastError {
      let text = "Error: " + TextSanitizer.inert(error)
      buffer.put(text.truncated(toWidth: room), x: x, y: row, style: theme.style([.reverse, .bold], color: .red))
    }
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
  ) -> (hits: [HitRegion], cursor: Point?) {
    let boxWidth = max(min(area.width, 20), min(area.width - 4, 64))
    let innerWidth = boxWidth - 4
    guard innerWidth > 0 else { return ([], nil) }
    var renderer = ContentRenderer<Action>(
      width: innerWidth, theme: theme, focused: state.focusIndex, editing: state.editing,
      spinnerFrame: state.spinnerFrame)
    renderer.render(overlay.content)
    renderer.renderButtonRow(overlay.buttons.map { ($0.label, $0.isEnabled) })
    let canvas = renderer.canvas
    let boxHeight = min(area.height, canvas.height + 2)
    let box = Rect(
      x: area.x + (area.width - boxWidth) / 2, y: area.y + max(0, (area.height - boxHeight) / 2), width: boxWidth,
      height: boxHeight)
    buffer.fill(Rect(x: box.x - 1, y: box.y, width: box.width + 2, height: box.height).intersection(area))
    buffer.drawBox(box, style: theme.style(.bold))
    let title = " " + TextSanitizer.inert(overlay.title) + " "
    buffer.put(title.truncated(toWidth: boxWidth - 4), x: box.x + 2, y: box.y, style: theme.heading)
    let inner = Rect(x: box.x + 2, y: box.y + 1, width: innerWidth, height: max(0, boxHeight - 2))
    let scroll = canvas.scrollOffset(showing: state.focusIndex, rows: inner.height, previous: 0)
    canvas.blit(into: &buffer, area: inner, scroll: scroll)
    return (visibleHits(canvas, area: inner, scroll: scroll), visibleCursor(canvas, area: inner, scroll: scroll))
  }

  private static func drawHelp(over area: Rect, into buffer: inout Buffer, theme: TUITheme) {
    let keyWidth = KeyHelp.bindings.map { displayWidth(of: $0.keys) }.max() ?? 0
    let lines = KeyHelp.bindings.map { $0.keys.padded(toWidth: keyWidth) + "  " + $0.action }
    let boxWidth = min(area.width, (lines.map { displayWidth(of: $0) }.max() ?? 0) + 4)
    let boxHeight = min(area.height, lines.count + 4)
    let box = Rect(
      x: area.x + (area.width - boxWidth) / 2, y: area.y + (area.height - boxHeight) / 2, width: boxWidth,
      height: boxHeight)
    buffer.fill(box)
    buffer.drawBox(box, style: theme.style(.bold))
    buffer.put(" Keys ", x: box.x + 2, y: box.y, style: theme.heading)
    let inner = Rect(x: box.x + 2, y: box.y + 1, width: boxWidth - 4, height: boxHeight - 2)
    for (offset, line) in lines.prefix(max(0, inner.height - 1)).enumerated() {
      buffer.put(line, x: inner.x, y: inner.y + offset, clip: inner)
    }
    buffer.put("Esc or ? closes".truncated(toWidth: inner.width), x: inner.x, y: inner.maxY - 1, style: theme.secondary)
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
