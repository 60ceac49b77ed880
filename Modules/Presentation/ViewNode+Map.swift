extension ViewNode {
  /// The same view with every action transformed, e.g. a feature's actions embedded into app actions.
  public func map<B: Sendable>(_ f: @escaping @Sendable (Action) -> B) -> ViewNode<B> {
    switch self {
    case .text(let text, let style): .text(text, style)
    case .spans(let spans): .spans(spans)
    case .stack(let children): .stack(children.map { $0.map(f) })
    case .section(let title, let children): .section(title: title, children: children.map { $0.map(f) })
    case .list(let list): .list(list.map(f))
    case .collection(let collection): .collection(collection.map(f))
    case .button(let label, let action, let isEnabled): .button(label: label, action: f(action), isEnabled: isEnabled)
    case .toggle(let label, let isOn, let action, let isEnabled):
      .toggle(label: label, isOn: isOn, action: f(action), isEnabled: isEnabled)
    case .chips(let chips):
      .chips(
        chips.map {
          Chip(label: $0.label, isSelected: $0.isSelected, action: $0.action.map(f), isEnabled: $0.isEnabled)
        })
    case .textField(let field):
      .textField(field.map(f))
    case .tabs(let tabs, let content):
      .tabs(tabs.map { Tab(label: $0.label, isSelected: $0.isSelected, action: f($0.action)) }, content: content.map(f))
    case .fields(let fields): .fields(fields)
    case .table(let table): .table(table)
    case .rating(let value): .rating(value)
    case .spinner(let text): .spinner(text)
    case .error(let message, let retry): .error(message: message, retry: retry.map(f))
    case .empty(let text): .empty(text)
    case .overlay(let overlay):
      .overlay(
        OverlayNode(
          title: overlay.title, content: overlay.content.map(f),
          buttons: overlay.buttons.map {
            OverlayButton(label: $0.label, action: f($0.action), isEnabled: $0.isEnabled, isDefault: $0.isDefault)
          },
          dismiss: overlay.dismiss.map(f)))
    case .toast(let toast): .toast(toast.map(f))
    }
  }
}

extension ListNode {
  /// The same list with every action transformed.
  public func map<B: Sendable>(_ f: @escaping @Sendable (Action) -> B) -> ListNode<B> {
    ListNode<B>(
      items: items.map { item in
        ListItem<B>(
          id: item.id, title: item.title, subtitle: item.subtitle, detail: item.detail, action: item.action.map(f),
          accessory: item.accessory.map { ListAccessory(label: $0.label, isOn: $0.isOn, action: f($0.action)) })
      },
      selected: selected,
      more: more.map { ListMore(label: $0.label, action: f($0.action)) }
    )
  }
}

extension CollectionNode {
  /// The same collection with every action transformed.
  public func map<B: Sendable>(_ f: @escaping @Sendable (Action) -> B) -> CollectionNode<B> {
    CollectionNode<B>(
      title: title, layout: layout,
      cards: cards.map {
        Card(id: $0.id, title: $0.title, lines: $0.lines, rating: $0.rating, action: $0.action.map(f))
      })
  }
}

extension ViewNode {
  /// Every action reachable in this view, depth first (for tests and for front ends that index actions).
  public var actions: [Action] {
    switch self {
    case .text, .spans, .fields, .table, .rating, .spinner, .empty: []
    case .stack(let children), .section(_, let children): children.flatMap(\.actions)
    case .list(let list):
      list.items.flatMap { [$0.action, $0.accessory?.action].compactMap { $0 } } + (list.more.map { [$0.action] } ?? [])
    case .collection(let collection): collection.cards.compactMap(\.action)
    case .button(_, let action, let isEnabled), .toggle(_, _, let action, let isEnabled): isEnabled ? [action] : []
    case .chips(let chips): chips.filter(\.isEnabled).compactMap(\.action)
    case .textField: []
    case .tabs(let tabs, let content): tabs.map(\.action) + content.actions
    case .error(_, let retry): retry.map { [$0] } ?? []
    case .overlay(let overlay):
      overlay.content.actions + overlay.buttons.filter(\.isEnabled).map(\.action) + (overlay.dismiss.map { [$0] } ?? [])
    case .toast(let toast): toast.undo.map { [$0] } ?? []
    }
  }

  /// All text in this view, in reading order — what a plain-text front end would print, without layout.
  public var plainText: [String] {
    switch self {
    case .text(let text, _): [text]
    case .spans(let spans): [spans.map(\.text).joined()]
    case .stack(let children): children.flatMap(\.plainText)
    case .section(let title, let children): [title] + children.flatMap(\.plainText)
    case .list(let list):
      list.items.flatMap { item in
        [item.title.map(\.text).joined(), item.subtitle.map(\.text).joined(), item.detail ?? ""].filter { !$0.isEmpty }
      } + (list.more.map { [$0.label] } ?? [])
    case .collection(let collection):
      (collection.title.isEmpty ? [] : [collection.title]) + collection.cards.flatMap { [$0.title] + $0.lines }
    case .button(let label, _, _), .toggle(let label, _, _, _): [label]
    case .chips(let chips): chips.map(\.label)
    case .textField(let field): [field.label, field.text] + [field.message, field.hint].compactMap { $0 }
    case .tabs(let tabs, let content): tabs.map(\.label) + content.plainText
    case .fields(let fields): fields.map { "\($0.label): \($0.value)" }
    case .table(let table): [table.columns.joined(separator: " ")] + table.rows.map { $0.joined(separator: " ") }
    case .rating(let value): [String(value)]
    case .spinner(let text), .empty(let text): [text]
    case .error(let message, _): [message]
    case .overlay(let overlay): [overlay.title] + overlay.content.plainText + overlay.buttons.map(\.label)
    case .toast(let toast): [toast.text]
    }
  }
}
