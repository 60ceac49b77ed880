/// The information item shown in the detail overlay, copied into the state when it was chosen.
public struct ProfileDetail: Equatable, Codable, Sendable {
  /// The tab the item belongs to.
  public var tab: InformationTab
  /// The item, as its list shows it.
  public var item: InformationItem

  /// Creates a detail.
  public init(tab: InformationTab, item: InformationItem) {
    self.tab = tab
    self.item = item
  }
}
