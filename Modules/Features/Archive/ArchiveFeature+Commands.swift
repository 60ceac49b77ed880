import FeatureKit
import LoadingScreenKit
import Presentation

extension ArchiveFeature {
  /// `kumiki archive search|save|unsave|saved` on a mount whose initial state is `State()`. JSON shapes are
  /// documented in this module's README.
  public static var commands: [FeatureCommand<State, Action>] { commands(for: State()) }

  /// The commands of a mount starting in `state`: a mount fixed to one category (``State/fixedCategory``) has no
  /// `--category` and examples of its own.
  public static func commands(for state: State) -> [FeatureCommand<State, Action>] {
    commands(fixedCategory: state.fixedCategory)
  }

  /// The commands of a mount fixed to `fixedCategory` (or not fixed): what ``commands(for:)`` gives for its state,
  /// without building one (the descriptions help reads).
  static func commands(fixedCategory: String?) -> [FeatureCommand<State, Action>] {
    [searchCommand(fixedCategory: fixedCategory), itemCommand, saveCommand, unsaveCommand, savedCommand]
  }

  /// `search [KEYWORD] [--category C] [--page N] [--last]`; without `--category` on a mount fixed to one.
  static func searchCommand(fixedCategory: String?) -> FeatureCommand<State, Action> {
    let category = CommandArgument.option("category", help: "Only items of this category", choices: ArchiveCategory.all)
    return FeatureCommand(
      path: ["search"],
      abstract: fixedCategory.map { "Search the \($0) items by keyword, 20 results a page." }
        ?? "Search the archive by keyword and category, 20 results a page.",
      examples: fixedCategory == nil
        ? ["search カレー", "search --category 和食", "search カレー --category カレー --page 2", "search --last"]
        : ["search", "search チキン --page 1", "search --last"],
      arguments: [.positional("keyword", help: "Free keyword, matched in any field", optional: true)]
        + (fixedCategory == nil ? [category] : [])
        + [
          .option("page", help: "Page number, 1...\(ArchiveClient.pages.upperBound) (default 1)"),
          .flag("last", help: "Repeat the last search (this app's or the TUI's), kept across runs"),
        ],
      actions: { input in
        let page = try input.integer("page", in: ArchiveClient.pages) ?? 1
        if input.flags.contains("last") {
          guard input["keyword"] == nil, input["category"] == nil else {
            throw CommandError.usage("--last repeats the last search: give no keyword or --category with it")
          }
          return [.resumeSearch(page: page)]
        }
        return [.search(ArchiveQuery(keyword: input["keyword"] ?? "", category: input["category"]), page: page)]
      },
      output: { state, input in searchOutput(state, page: (try? input.integer("page", in: ArchiveClient.pages)) ?? 1) }
    )
  }

  /// `archive item ID`: one item, as its detail shows it (what the route `archive/item/<id>` prints).
  static var itemCommand: FeatureCommand<State, Action> {
    FeatureCommand(
      path: ["item"],
      abstract: "Show one archive item (fetched by id).",
      examples: ["item 6", "item 6 --json"],
      arguments: [.positional("id", help: "The archive item's id, \(itemIDs.lowerBound)...\(itemIDs.upperBound)")],
      actions: { input in
        guard let id = try input.integer("id", in: itemIDs) else { throw CommandError.usage("id is required") }
        return [.loadSaved, .open(id)]
      },
      output: { state, input in
        let id = (try? input.integer("id", in: itemIDs)) ?? nil
        guard let item = state.detail, item.id == id else {
          return .failure(state.notice ?? "archive item \(id ?? 0) was not found")
        }
        let saved = state.savedIDs.contains(item.id)
        return .success(
          view: .stack([
            .text(item.dishName, .title),
            .fields([
              Field("ID", String(item.id)), Field("Shop", item.shopName), Field("Category", item.category),
              Field("Saved", saved ? "yes" : "no"),
            ]),
            .text(item.introduction),
          ]),
          json: .object([("item", itemJSON(item, saved: saved))]))
      }
    )
  }

  /// `archive save ID`.
  static var saveCommand: FeatureCommand<State, Action> {
    FeatureCommand(
      path: ["save"],
      abstract: "Save an archive item (fetched by id).",
      examples: ["save 6"],
      arguments: [.positional("id", help: "The archive item's id")],
      actions: { input in [.save(try itemID(input))] },
      output: { state, input in
        let id = (try? itemID(input)) ?? 0
        guard state.notice == nil, state.savedIDs.contains(id) else {
          return .failure(state.notice ?? "archive item \(id) was not saved")
        }
        let name = state.item(id: id)?.dishName ?? "item \(id)"
        return .success(view: .text("Saved \(name) (#\(id))."), json: .object([("id", .int(id)), ("saved", true)]))
      }
    )
  }

  /// `archive unsave ID`.
  static var unsaveCommand: FeatureCommand<State, Action> {
    FeatureCommand(
      path: ["unsave"],
      abstract: "Remove an item from the saved items.",
      examples: ["unsave 6"],
      arguments: [.positional("id", help: "The archive item's id")],
      actions: { input in [.unsave(try itemID(input))] },
      output: { state, input in unsaveOutput(state, id: (try? itemID(input)) ?? 0) }
    )
  }

  /// `archive saved`.
  static var savedCommand: FeatureCommand<State, Action> {
    FeatureCommand(
      path: ["saved"],
      abstract: "List the saved items, newest first (offline).",
      examples: ["saved", "saved --json"],
      actions: { _ in [.loadSaved] },
      output: { state, _ in savedOutput(state) }
    )
  }

  /// The output of `archive search` for the state after the search.
  static func searchOutput(_ state: State, page: Int) -> CommandOutput {
    switch state.load.phase {
    case .idle, .loading, .empty:
      return .failure("the search did not finish")
    case .failed(let message):
      return .failure(message)
    case .loaded(let results) where results.matchesNothing:
      return .success(
        view: .empty(emptyText(results.query)),
        json: .object(
          [
            ("total", 0), ("page", .int(page)), ("per_page", .int(ArchiveClient.pageSize)), ("next_page", .null),
            ("items", .array([])),
          ] + state.load.origin.jsonMembers))
    case .loaded(let results):
      let saved = state.savedIDs
      let rows = results.items.map { item in
        [String(item.id), item.dishName, item.shopName, item.category, saved.contains(item.id) ? "[x]" : ""]
      }
      let view: ViewNode<Never> = .stack([
        .text("\(countText(results)) - page \(results.lastPage)", .secondary),
        results.items.isEmpty
          ? .empty("No items on page \(results.lastPage).")
          : .table(TableNode(columns: ["ID", "Dish", "Shop", "Category", "Saved"], rows: rows)),
      ])
      return .success(
        view: view,
        json: .object(
          [
            ("total", .int(results.total)),
            ("page", .int(results.lastPage)),
            ("per_page", .int(ArchiveClient.pageSize)),
            ("next_page", results.hasMore ? .int(results.lastPage + 1) : .null),
            ("items", .array(results.items.map { itemJSON($0, saved: saved.contains($0.id)) })),
          ] + state.load.origin.jsonMembers))
    }
  }

  /// The output of `archive unsave` for the state after the unsave: what the store found (``State/lastUnsave``),
  /// said as it is — removed, or not saved in the first place (nothing changed; not a failure).
  static func unsaveOutput(_ state: State, id: Int) -> CommandOutput {
    if let notice = state.notice { return .failure(notice) }
    if case .failed(let message) = state.saved { return .failure(message) }
    guard let result = state.lastUnsave, result.id == id else { return .failure("the unsave did not finish") }
    guard state.isSavedListKnown, !state.savedIDs.contains(id) else {
      return .failure("archive item \(id) is still saved")
    }
    let text =
      result.removed
      ? "Removed \(result.dishName.map { "\($0) (#\(id))" } ?? "item #\(id)") from the saved items."
      : "Item #\(id) was not saved; nothing to remove."
    return .success(
      view: .text(text), json: .object([("id", .int(id)), ("saved", false), ("removed", .bool(result.removed))]))
  }

  /// The output of `archive saved`.
  static func savedOutput(_ state: State) -> CommandOutput {
    switch state.saved {
    case .idle, .loading:
      return .failure("the saved items could not be read")
    case .failed(let message):
      return .failure(message)
    case .empty:
      return .success(view: .empty("No saved items."), json: .object([("items", .array([]))]))
    case .loaded where state.shownSaved.isEmpty:
      return .success(view: .empty("No saved items."), json: .object([("items", .array([]))]))
    case .loaded:
      let entries = state.shownSaved
      let rows = entries.map { entry in
        [
          String(entry.id), entry.item.dishName, entry.item.shopName, entry.item.category,
          ArchiveDateFormat.day(entry.savedAt),
        ]
      }
      return .success(
        view: .table(TableNode(columns: ["ID", "Dish", "Shop", "Category", "Saved on"], rows: rows)),
        json: .object([
          (
            "items",
            .array(
              entries.map { entry in
                itemJSON(
                  entry.item, saved: true, extra: [("saved_at", .string(ArchiveDateFormat.timestamp(entry.savedAt)))])
              })
          )
        ]))
    }
  }

  /// One item as JSON: `{"id","category","dish_name","shop_name","introduction","photo_url","saved"}` and `extra`.
  static func itemJSON(_ item: ArchiveItem, saved: Bool, extra: [(String, JSONValue)] = []) -> JSONValue {
    .object(
      [
        ("id", .int(item.id)),
        ("category", .string(item.category)),
        ("dish_name", .string(item.dishName)),
        ("shop_name", .string(item.shopName)),
        ("introduction", .string(item.introduction)),
        ("photo_url", .string(item.photoURL?.absoluteString)),
        ("saved", .bool(saved)),
      ] + extra)
  }

  /// The `id` argument, a whole number.
  static func itemID(_ input: CommandInput) throws -> Int {
    guard let id = try input.integer("id", in: Int.min...Int.max) else { throw CommandError.usage("id is required") }
    return id
  }
}
