import Core
import FeatureKit
import MutationKit
import Networking

extension ProfileFeature {
  /// Carries out the save the reducer decided, with FeatureKit's write shape
  /// (``Core/Middleware/mutation(id:state:action:intent:write:)``): after a save action whose reducer set
  /// `save.startsWrite`, sends that patch with ``ProfileClient/updatePersonal`` as effect ``saveEffectID`` and answers
  /// `.save(.succeeded(profile))`, `.save(.queued(…))`, `.save(.failed(message))` or `.save(.conflict(message))` (a
  /// `412`: the profile changed on the server since it was shown). It decides nothing itself.
  ///
  /// The save is optimistic: it declares its patch as the change it expects on `GET /profile_personal`, so the query
  /// layer under the live client shows the new nickname on every screen reading the profile at once, and rolls it
  /// back — the failure then says "your change was undone" — if the server refuses.
  public static func saveMiddleware(client: ProfileClient) -> Middleware<State, Action> {
    .mutation(
      id: saveEffectID, state: \.save, action: Action.save,
      intent: { patch in WriteIntent(optimistic: [try .merge(patch, into: "profile_personal")]) },
      write: { patch in try await client.updatePersonal(patch) })
  }

  /// Carries out the reducer's decision to read the profile after a queued save or a conflict (``State/readsAfterSave``:
  /// `kumiki profile edit`, which loads nothing first) by sending `.load(.appear)` — from the cache with the queued
  /// change laid over it — so the command prints the made save's shape (``editOutput(_:)``). It decides nothing.
  public static let readAfterSave = Middleware<State, Action>.after { context, _ in
    guard context.state.readsAfterSave else { return }
    context.dispatch(.load(.appear))
  }
}
