import Core
import FeatureKit
import Foundation
import LoadingScreenKit
import Persistence
import Presentation
import ToastKit

/// The Archive screen of the gourmet magazine: search the archive by free keyword and category chip, save items
/// with its save box (`[ ]`), and browse the saved items offline.
///
/// Mount it with ``module(client:saved:now:)``. Its effects:
/// - `.launch` loads the saved list once (a one-shot read that ends, so a CLI command still settles);
/// - `.appear` (the TUI showing the screen) runs the initial search if none ran yet and starts observing the saved
///   items (`SavedItemsClient.observe`) under the id ``observeID`` until `.terminate`, so a `kumiki archive save`
///   from another process reaches the running screen as `.savedListLoaded`. CLI commands never send `.appear`, so
///   they never start the observation and `store.settled()` returns.
public enum ArchiveFeature {
  /// The key the feature is mounted under, also its CLI command group.
  public static let key = "archive"
  /// The tab's title.
  public static let title = "Archive"

  /// The id of the search effect (a new search replaces the one in flight); the loading kit adds the wait for
  /// typing to pause, `archive.search.pause`, and "load more", `archive.search.more`.
  public static let searchID: EffectID = "archive.search"
  /// How long typing must pause before the keyword field searches (the search's ``LoadingScreenKit/ScreenLoad/pause``).
  public static let debounce: Duration = .milliseconds(300)
  /// The id of the one-shot saved-list read.
  public static let loadSavedID: EffectID = "archive.saved.load"
  /// The id of the long-lived saved-items observation (started on `.appear`, ended on `.terminate`).
  public static let observeID: EffectID = "archive.saved.observe"

  /// The id of the fetch of an item opened from elsewhere (``Action/open(_:)``).
  public static let itemID: EffectID = "archive.item"

  /// The id of the save/unsave write for one item: a newer write of the same item replaces an older one.
  public static func writeID(_ id: Int) -> EffectID { EffectID("archive.write.\(id)") }

  /// The Archive feature as a module for the registry.
  /// - Parameters:
  ///   - client: the archive API (`ArchiveClient.live(http:baseURL:)` in the app).
  ///   - saved: the saved items store.
  ///   - now: the clock stamping newly saved items (tests pin it).
  public static func module(
    client: ArchiveClient,
    saved: SavedItemsClient,
    now: @escaping @Sendable () -> Date = { Date() }
  ) -> FeatureModule<State, Action> {
    FeatureModule(
      key: key,
      title: title,
      initialState: State(),
      reducer: reducer,
      middlewares: middlewares(client: client, saved: saved, now: now),
      present: { present($0) },
      placement: .tab,
      makeCommands: { commands(for: $0) },
      persistence: persistence,
      receive: { event in
        switch event {
        case .launch: .launched
        case .appear: .appeared
        case .refreshAll: .refresh
        case .terminate: .terminated
        case .reconnected: .load(.reconnected)
        case .disappear: nil
        case .dataChanged: nil  // searches are not optimistic data; saved items have the database's observation
        }
      }
    ).withToasts(\.toast, expired: Action.toastExpired).declaring(routes: routes)
  }
}
