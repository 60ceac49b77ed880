import Presentation

/// The row filter (`/`): any screen's lists and collections show only the rows and cards whose text contains what
/// was typed, whatever the feature, as `/` filters a list in lazygit and tig.
extension ViewNode {
  /// This view with only the list rows and cards containing `query` (case-insensitive, in a title, subtitle, detail or
  /// a card's lines); a list or collection left with none says so. Overlays are left whole: the filter is the
  /// screen's. An empty query keeps everything.
  func keepingRows(containing query: String) -> ViewNode {
    let needle = query.lowercased()
    guard !needle.isEmpty else { return self }
    func matches(_ texts: [String]) -> Bool { texts.contains { $0.lowercased().contains(needle) } }
    let none = ViewNode.empty("No row contains \"\(query)\" - Esc clears the filter")
    switch self {
    case .stack(let children): return .stack(children.map { $0.keepingRows(containing: query) })
    case .section(let title, let children):
      return .section(title: title, children: children.map { $0.keepingRows(containing: query) })
    case .tabs(let tabs, let content): return .tabs(tabs, content: content.keepingRows(containing: query))
    case .list(var list):
      guard !list.items.isEmpty else { return self }
      let selectedID = list.selected.flatMap { list.items.indices.contains($0) ? list.items[$0].id : nil }
      list.items = list.items.filter { item in
        matches([item.title.map(\.text).joined(), item.subtitle.map(\.text).joined(), item.detail ?? ""])
      }
      guard !list.items.isEmpty else { return none }
      list.selected = selectedID.flatMap { id in list.items.firstIndex { $0.id == id } }
      return .list(list)
    case .collection(var collection):
      guard !collection.cards.isEmpty else { return self }
      collection.cards = collection.cards.filter { matches([$0.title] + $0.lines) }
      return collection.cards.isEmpty ? none : .collection(collection)
    default: return self
    }
  }
}
