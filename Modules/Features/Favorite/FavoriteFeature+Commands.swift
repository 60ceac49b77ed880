import FeatureKit
import Presentation

extension FavoriteFeature {
  /// `kumiki favorites`: loads the favourite scenes and prints them as cards. JSON: `{"favorite_scenes":[...]}`
  /// (shape in the module's README).
  public static let commands: [FeatureCommand<State, Action>] = [
    FeatureCommand(
      path: [],
      abstract: "Load and print the favorite scenes.",
      examples: ["", "--json"],
      actions: { _ in [.load(.appear)] },
      output: { state, _ in output(state) }
    )
  ]

  /// What `kumiki favorites` prints for a settled state: the cards and their JSON, or the error as a failure.
  public static func output(_ state: State) -> CommandOutput {
    switch state.load.phase {
    case .loaded(let content):
      return .success(view: cards(content.scenes, select: nil), json: json(content.scenes))
    case .empty:
      return .success(view: .empty("No favorite scenes yet."), json: json([]))
    case .failed(let message):
      return .failure(message)
    case .idle, .loading:
      return .failure("Favorites did not finish loading.")
    }
  }

  /// The command's JSON for `scenes`, keys in a stable order.
  public static func json(_ scenes: [FavoriteScene]) -> JSONValue {
    .object([
      (
        "favorite_scenes",
        .array(
          scenes.map { scene in
            .object([
              ("id", .int(scene.id)),
              ("title", .string(scene.title)),
              ("author", .string(scene.author)),
              ("category", .string(scene.category)),
              ("shop_name", .string(scene.shopName)),
              ("comment", .string(scene.comment)),
              ("photo_url", .string(scene.photoURL?.absoluteString)),
              ("published_at", .string(DisplayDate.iso8601(scene.publishedAt))),
            ])
          })
      )
    ])
  }
}
