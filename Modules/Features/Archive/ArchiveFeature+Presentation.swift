import FeatureKit
import LoadingScreenKit
import Networking
import Presentation

extension ArchiveFeature {
  /// The Archive screen for a state: in-screen tabs (Search, Saved), the search conditions, the results or the
  /// saved list in every phase (loading, error with retry, content, empty), and the open detail as an overlay.
  public static func present(_ state: State) -> ViewNode<Action> {
    var children: [ViewNode<Action>] = []
    if let notice = state.notice {
      children += [.text(notice, .danger), .button(label: "Dismiss", action: .dismissNotice)]
    }
    let savedLabel = state.isSavedListKnown ? "Saved (\(state.shownSaved.count))" : "Saved"
    let tabs = [
      Tab(label: "Search", isSelected: state.mode == .search, action: Action.showMode(.search)),
      Tab(label: savedLabel, isSelected: state.mode == .saved, action: Action.showMode(.saved)),
    ]
    children.append(.tabs(tabs, content: state.mode == .search ? searchScreen(state) : savedScreen(state)))
    if let detail = state.detail { children.append(detailOverlay(detail, state)) }
    return .stack(children)
  }

  /// The keyword field, the category chips, "clear all" and the results, under a note when they did not come fresh
  /// from the network (``annotated(_:origin:)``).
  static func searchScreen(_ state: State) -> ViewNode<Action> {
    var children: [ViewNode<Action>] = [
      .textField(
        TextFieldNode(
          id: "archive.keyword", label: "Keyword", text: state.keyword, placeholder: "dish, shop or any word",
          change: { Action.keywordEdited($0) }, submit: { Action.keywordSubmitted($0) })),
      state.fixedCategory.map { .text("Only \($0)", .secondary) }
        ?? .chips(
          [Chip(label: "All", isSelected: state.category == nil, action: Action.categorySelected(nil))]
            + state.categories.map { category in
              let isSelected = category == state.category
              return Chip(
                label: category, isSelected: isSelected, action: .categorySelected(isSelected ? nil : category))
            }),
    ]
    // Always there, disabled while there is nothing to clear: typing never shifts the layout or the focus.
    children.append(.button(label: "Clear all", action: .clearAll, isEnabled: state.canClear))
    switch state.load.phase {
    case .idle:
      children.append(.text("Search the archive by keyword or category.", .secondary))
    case .loading:
      children.append(.spinner("Searching..."))
    case .failed(let message):
      children.append(.error(message: message, retry: .load(.retry)))
    case .empty:
      break  // ArchiveResults is never empty: results that match nothing name their conditions
    case .loaded(let results) where results.matchesNothing:
      children += annotated([.empty(emptyText(results.query))], origin: state.load.origin)
    case .loaded(let results):
      children += annotated(resultsView(results, state: state), origin: state.load.origin)
    }
    return .stack(children)
  }

  /// The results under the line on where they came from: `stale · 5 min old · refreshing…`, or `offline · as of
  /// 14:32` with a Retry (`retry`, which asks the network first) — ``FeatureKit/DataOrigin/annotate(_:retry:)``.
  /// Fresh results (the network, or the cache within its max-age) are returned as they are.
  static func annotated(_ results: [ViewNode<Action>], origin: DataOrigin) -> [ViewNode<Action>] {
    guard origin.note != nil else { return results }
    return [origin.annotate(.stack(results), retry: .load(.retry))]
  }

  /// The count, the list with save boxes and highlights of `keyword` (the keyword as typed now, so the highlight
  /// follows typing before the results do), and "load more" in its phase (the search's `loadsMore`, `moreFailure`).
  static func resultsView(_ results: ArchiveResults, state: State) -> [ViewNode<Action>] {
    let (keyword, savedIDs) = (state.query.keyword, state.savedIDs)
    var children: [ViewNode<Action>] = [.text(countText(results), .secondary)]
    guard !results.items.isEmpty else {
      return children + [.empty("No items on page \(results.lastPage).")]
    }
    let more = results.hasMore && !state.load.loadsMore && state.load.moreFailure == nil
    let items = results.items.map { item in
      listItem(item, keyword: keyword, isSaved: savedIDs.contains(item.id), detail: excerpt(item.introduction))
    }
    children.append(
      .list(
        ListNode(
          items: items,
          more: more
            ? ListMore(label: "Load more (\(results.items.count) of \(results.total))", action: Action.load(.more))
            : nil)
      ))
    if state.load.loadsMore {
      children.append(.spinner("Loading more..."))
    } else if let message = state.load.moreFailure {
      children.append(.error(message: message, retry: .load(.more)))
    }
    return children
  }

  /// The saved items in their phase, read from persistence.
  static func savedScreen(_ state: State) -> ViewNode<Action> {
    switch state.saved {
    case .idle, .loading:
      return .spinner("Loading saved items...")
    case .failed(let message):
      return .error(message: message, retry: .loadSaved)
    case .empty:
      return .empty("No saved items yet. Save one from the search results.")
    case .loaded where state.shownSaved.isEmpty:
      return .empty("No saved \(state.fixedCategory ?? "") items yet. Save one from the search results.")
    case .loaded:
      let entries = state.shownSaved
      let items = entries.map { entry in
        listItem(entry.item, keyword: "", isSaved: true, detail: "Saved on \(ArchiveDateFormat.day(entry.savedAt))")
      }
      return .stack([
        .text(entries.count == 1 ? "1 saved item" : "\(entries.count) saved items", .secondary),
        .list(ListNode(items: items)),
      ])
    }
  }

  /// The detail of one item, over the screen.
  static func detailOverlay(_ item: ArchiveItem, _ state: State) -> ViewNode<Action> {
    let isSaved = state.savedIDs.contains(item.id)
    let keyword = state.query.keyword
    return .overlay(
      OverlayNode(
        title: item.dishName,
        content: .stack([
          .fields([
            Field("Shop", item.shopName),
            Field("Category", item.category),
            Field("Photo", item.photoURL?.absoluteString ?? "(no photo)"),
            Field("Saved", isSaved ? "yes" : "no"),
          ]),
          .spans(ArchiveHighlight.spans(item.introduction, keyword: keyword)),
        ]),
        buttons: [
          OverlayButton(label: isSaved ? "Unsave" : "Save", action: isSaved ? .unsave(item.id) : .save(item.id)),
          OverlayButton(label: "Close", action: .closeDetail, isDefault: true),
        ],
        dismiss: .closeDetail))
  }

  /// A result row: dish (title) and shop · category (subtitle) with the keyword highlighted, and its save box `[ ]`.
  static func listItem(_ item: ArchiveItem, keyword: String, isSaved: Bool, detail: String) -> ListItem<Action> {
    ListItem(
      id: String(item.id),
      title: ArchiveHighlight.spans(item.dishName, keyword: keyword),
      subtitle: ArchiveHighlight.spans(item.shopName, keyword: keyword, style: .secondary)
        + [TextSpan(" - ", .secondary)]
        + ArchiveHighlight.spans(item.category, keyword: keyword, style: .secondary),
      detail: detail,
      action: .select(item.id),
      accessory: ListAccessory(
        label: isSaved ? "saved" : "save", isOn: isSaved, action: isSaved ? .unsave(item.id) : .save(item.id)))
  }

  /// "36 results", "1 result", with how many are shown when not all are.
  static func countText(_ results: ArchiveResults) -> String {
    let count = results.total == 1 ? "1 result" : "\(results.total) results"
    return results.items.count < results.total ? "\(count) - showing \(results.items.count)" : count
  }

  /// What the empty state says for the conditions.
  static func emptyText(_ query: ArchiveQuery) -> String {
    switch (query.keyword.isEmpty, query.category) {
    case (true, nil): "The archive is empty."
    case (true, let category?): "Nothing in \(category)."
    case (false, nil): "Nothing matches \"\(query.keyword)\"."
    case (false, let category?): "Nothing matches \"\(query.keyword)\" in \(category)."
    }
  }

  /// The start of a long text, for list rows.
  static func excerpt(_ text: String, limit: Int = 60) -> String {
    text.count <= limit ? text : String(text.prefix(limit)) + "..."
  }
}
