/// A list of items with an optional selection.
public struct ListNode<Action: Sendable>: Sendable {
  public var items: [ListItem<Action>]
  /// Index of the selected item, if any.
  public var selected: Int?
  /// Shown after the items when more can be loaded ("load more").
  public var more: ListMore<Action>?

  public init(items: [ListItem<Action>], selected: Int? = nil, more: ListMore<Action>? = nil) {
    self.items = items
    self.selected = selected
    self.more = more
  }
}

/// One row of a list.
public struct ListItem<Action: Sendable>: Sendable {
  /// Stable identity (e.g. the entity id).
  public var id: String
  public var title: [TextSpan]
  public var subtitle: [TextSpan]
  /// Extra lines shown in roomy layouts.
  public var detail: String?
  /// What choosing the item does (opens its detail).
  public var action: Action?
  /// A trailing toggle, e.g. saved/unsaved.
  public var accessory: ListAccessory<Action>?

  public init(
    id: String,
    title: [TextSpan],
    subtitle: [TextSpan] = [],
    detail: String? = nil,
    action: Action? = nil,
    accessory: ListAccessory<Action>? = nil
  ) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.detail = detail
    self.action = action
    self.accessory = accessory
  }

  /// Convenience for plain titles.
  public init(
    id: String, title: String, subtitle: String = "", detail: String? = nil, action: Action? = nil,
    accessory: ListAccessory<Action>? = nil
  ) {
    self.init(
      id: id, title: [TextSpan(title)], subtitle: subtitle.isEmpty ? [] : [TextSpan(subtitle, .secondary)],
      detail: detail, action: action, accessory: accessory)
  }
}

/// A trailing on/off control of a list row.
public struct ListAccessory<Action: Sendable>: Sendable {
  public var label: String
  public var isOn: Bool
  public var action: Action
  public init(label: String, isOn: Bool, action: Action) {
    self.label = label
    self.isOn = isOn
    self.action = action
  }
}

/// "Load more" at the end of a list.
public struct ListMore<Action: Sendable>: Sendable {
  public var label: String
  public var action: Action
  public init(label: String, action: Action) {
    self.label = label
    self.action = action
  }
}

extension ListNode: Equatable where Action: Equatable {}
extension ListItem: Equatable where Action: Equatable {}
extension ListAccessory: Equatable where Action: Equatable {}
extension ListMore: Equatable where Action: Equatable {}
