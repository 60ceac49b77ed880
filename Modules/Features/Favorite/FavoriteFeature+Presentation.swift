import Presentation

extension FavoriteFeature {
  /// The Favorite screen for `state`: a spinner while loading, the error with Retry, an empty hint, or the scene
  /// cards (with the detail overlay above them when a scene is open).
  public static func present(_ state: State) -> ViewNode<Action> {
    switch state.load.phase {
    case .idle:
      return .stack([.empty("Favorites have not been loaded yet."), .button(label: "Load", action: .load(.refresh))])
    case .loading:
      return .spinner("Loading favorites...")
    case .failed(let message):
      return .error(message: message, retry: .load(.retry))
    case .empty:
      return .stack([.empty("No favorite scenes yet."), .button(label: "Refresh", action: .load(.refresh))])
    case .loaded(let content):
      var children: [ViewNode<Action>] = [cards(content.scenes, select: Action.select)]
      children.append(.button(label: "Refresh", action: .load(.refresh)))
      if let detail = state.detail {
        children.append(.overlay(overlay(detail)))
      }
      return .stack(children)
    }
  }

  /// The scenes as a grid of cards: title, then author, category, shop, comment and date. Cards choose their scene
  /// with `select` (none when `nil`, for output that cannot act).
  static func cards<A: Sendable>(_ scenes: [FavoriteScene], select: (@Sendable (Int) -> A)?) -> ViewNode<A> {
    .collection(
      CollectionNode(
        title: "Favorite Scenes", layout: .grid(columns: 2),
        cards: scenes.map { scene in
          Card(
            id: "scene-\(scene.id)", title: scene.title,
            lines: [scene.author, scene.category, scene.shopName, scene.comment, scene.publishedDate ?? ""]
              .filter { !$0.isEmpty },
            action: select?(scene.id))
        }))
  }

  /// The detail overlay of one scene, closed with ``Action/closeDetail``.
  static func overlay(_ scene: FavoriteScene) -> OverlayNode<Action> {
    OverlayNode(
      title: scene.title,
      content: .stack([
        .fields([
          Field("Author", scene.author),
          Field("Category", scene.category),
          Field("Shop", scene.shopName),
          Field("Published", scene.publishedDate ?? "-"),
          Field("Photo", scene.photoURL?.absoluteString ?? "-"),
        ]),
        .text(scene.comment),
      ]),
      buttons: [OverlayButton(label: "Close", action: .closeDetail, isDefault: true)],
      dismiss: .closeDetail)
  }
}
