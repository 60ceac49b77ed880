import Presentation

/// Derives the focusable elements of a screen from its view description, in reading order.
///
/// When the view contains a modal overlay, only the overlay's elements (its content, then its buttons) are
/// focusable: the screen under it is inert. The ``ContentRenderer`` walks views in exactly this order, so a focus
/// index means the same element to the state machine and to the renderer.
public enum FocusCollector {
  /// The focusable elements of `node` (of its first overlay, when it has one).
  public static func focusables<Action>(in node: ViewNode<Action>) -> [Focusable<Action>] {
    var collector = Walker<Action>()
    if let overlay = node.firstOverlay {
      collector.collectOverlay(overlay)
    } else {
      collector.collect(node)
    }
    return collector.result
  }

  /// Walks a view tree the way the renderer does, numbering groups.
  struct Walker<Action: Sendable> {
    var result: [Focusable<Action>] = []
    var group = 0

    mutating func add(
      _ kind: FocusKind, _ label: String, _ action: Action?, field: TextFieldNode<Action>? = nil,
      isEnabled: Bool = true, isDefault: Bool = false
    ) {
      let column = result.last.map { $0.group == group ? $0.column + 1 : 0 } ?? 0
      result.append(
        Focusable(
          kind: kind, label: label, action: action, field: field, group: group, column: column, isEnabled: isEnabled,
          isDefault: isDefault))
    }

    mutating func newGroup() { group += 1 }

    mutating func collectOverlay(_ overlay: OverlayNode<Action>) {
      collect(overlay.content)
      newGroup()
      for button in overlay.buttons {
        add(.overlayButton, button.label, button.action, isEnabled: button.isEnabled, isDefault: button.isDefault)
      }
    }

    mutating func collect(_ node: ViewNode<Action>) {
      switch node {
      case .text, .spans, .fields, .table, .rating, .spinner, .empty, .overlay, .toast:
        return
      case .stack(let children), .section(_, let children):
        for child in children { collect(child) }
      case .list(let list):
        for item in list.items {
          newGroup()
          add(.listItem, item.title.map(\.text).joined(), item.action)
          if let accessory = item.accessory { add(.accessory, accessory.label, accessory.action) }
        }
        if let more = list.more {
          newGroup()
          add(.loadMore, more.label, more.action)
        }
      case .collection(let collection):
        let columns = collection.layout.columns
        for (index, card) in collection.cards.enumerated() {
          if index == 0 || (columns.map { index % $0 == 0 } ?? false) { newGroup() }
          add(.card, card.title, card.action)
        }
      case .button(let label, let action, let isEnabled):
        newGroup()
        add(.button, label, action, isEnabled: isEnabled)
      case .toggle(let label, _, let action, let isEnabled):
        newGroup()
        add(.toggle, label, action, isEnabled: isEnabled)
      case .chips(let chips):
        newGroup()
        for chip in chips where chip.action != nil { add(.chip, chip.label, chip.action, isEnabled: chip.isEnabled) }
      case .textField(let field):
        newGroup()
        add(.textField, field.label, nil, field: field, isEnabled: field.isEnabled)
      case .tabs(let tabs, let content):
        newGroup()
        for tab in tabs { add(.tab, tab.label, tab.action) }
        collect(content)
      case .error(_, let retry):
        if let retry {
          newGroup()
          add(.retry, "Retry", retry)
        }
      }
    }
  }
}

extension CollectionLayout {
  /// Cards per row: `nil` for a carousel (one scrolling row).
  var columns: Int? {
    switch self {
    case .carousel: nil
    case .grid(let columns): max(1, columns)
    }
  }
}
