import FeatureKit

extension ArchiveFeature {
  /// The ids an item route or `archive item` accepts.
  public static let itemIDs = 1...999_999

  /// The screens other features may open, by value (they never import Archive): `archive/item/<id>` opens an item's
  /// detail (Esc closes it again), `archive/search/<keyword>` searches the keyword on the search list. A second mount
  /// declares the same under its key (`curry/item/6`). Each prints, in the CLI, what its command prints.
  public static let routes: [FeatureRoute<Action>] = [
    FeatureRoute(
      "item", parameters: [.int("id", in: itemIDs, sample: 6)], abstract: "One archive item's detail",
      open: { [.open($0.int("id"))] }, close: { _ in [.closeDetail] },
      command: { ["item", String($0.int("id"))] }),
    FeatureRoute(
      "search", parameters: [.string("keyword", maxLength: 100, sample: "カレー")],
      abstract: "The archive searched for a keyword",
      open: { [.closeDetail, .showMode(.search), .keywordSubmitted($0.string("keyword"))] },
      command: { ["search", $0.string("keyword")] }),
  ]
}
