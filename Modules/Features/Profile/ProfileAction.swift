import FeatureKit
import LoadingScreenKit
import MutationKit

extension ProfileFeature {
  /// Everything that can happen on the Profile screen.
  public enum Action: Equatable, Codable, Sendable {
    /// The screen's load (``FeatureKit/LoadAction``): `.appear` loads when nothing was requested yet, `.refresh`
    /// (the screen, the app's refresh-all, the CLI) and `.retry` (after an error) load again; the load effect
    /// answers `.loaded(ProfileContent)` (the four endpoints) or `.failed(message)`.
    case load(LoadAction<ProfileContent>)
    /// Show another information tab.
    case selectTab(InformationTab)
    /// The item with this id in this tab was chosen: its detail opens.
    case select(InformationTab, id: Int)
    /// The detail overlay was dismissed.
    case closeDetail
    /// A Recently Saved item was chosen: it opens in the screen that owns saved items, Archive's item detail, through
    /// the route `archive/item/<id>` (``ProfileFeature/savedItemRoute(_:)``); Profile's own state does not change.
    case openSaved(Int)

    // MARK: Edit profile

    /// The Edit profile button: opens the form on the loaded values (ignored unless loaded).
    case editProfile
    /// A field of the form (``ProfileEditForm/fields``) was edited (every keystroke; a paste is one edit): its key
    /// and the whole new text.
    case edited(String, String)
    /// Saving the profile (``MutationKit/Mutation/Action``): `.submit(patch)` from the form's Save (its changed fields)
    /// or `kumiki profile edit` (the options given), checked with ``ProfileEditForm/fields``' rules first; `.retry` after a
    /// failure (after a conflict: Keep mine); `.reset` after a conflict: Edit again; the save effect answers
    /// `.succeeded(profile)`, `.queued`, `.failed(message)` or `.conflict(message)` (someone changed the profile since
    /// it was shown: `412`).
    case save(Mutation<ProfilePersonalPatch, ProfilePersonal>.Action)
    /// Cancel or Escape: closes the form and discards the draft (ignored while saving).
    case cancelEdit
    /// The toast numbered `serial` ("Profile saved" after a save, FeatureKit's ``FeatureKit/ToastSlot``) has been
    /// shown for its time: sent by the toast timer.
    case toastExpired(serial: Int)
  }
}
