import FeatureKit
import LoadingScreenKit
import MutationKit
import ToastKit

extension ProfileFeature {
  /// What the Profile screen shows. `load.phase` says which of idle, loading, content or error is on screen (an
  /// empty information tab says so within the content); `selectedTab` is the information tab on show, `detail` the
  /// item whose overlay is open, `form` the Edit profile form when open and `save` where saving the profile stands.
  public struct State: Equatable, Codable, Sendable {
    /// Where loading stands, and whether the last load action started a load (``FeatureKit/ScreenLoad``).
    public var load: ScreenLoad<ProfileContent>
    /// The information tab on show.
    public var selectedTab: InformationTab
    /// The chosen information item, shown as an overlay; `nil` when none is open.
    public var detail: ProfileDetail?
    /// The Edit profile form, shown as an overlay; `nil` when closed.
    public var form: ProfileEditForm?
    /// Saving the profile (the form's Save, or `kumiki profile edit`): FeatureKit's write shape
    /// (``FeatureKit/Mutation``) — sending with a request token, sent, queued in the outbox, or failed with Retry.
    public var save: SaveMutation
    /// "Profile saved" for a few seconds after a save (FeatureKit's toasts).
    public var toast = ToastSlot<Action>()
    /// Whether the last action decided to read the profile: a save queued, or met by a conflict, with none read yet
    /// (`kumiki profile edit`, which loads nothing first), so the command prints the made save's shape, or theirs beside
    /// yours (``ProfileFeature/editOutput(_:)``).
    /// Set by the reducer for that action only, cleared by every other; ``ProfileFeature/readAfterSave``
    /// carries it out.
    public var readsAfterSave = false

    /// Creates a state; the defaults are the state before the first appearance.
    public init(
      load: ScreenLoad<ProfileContent> = ScreenLoad(), selectedTab: InformationTab = .announcements,
      detail: ProfileDetail? = nil, form: ProfileEditForm? = nil, save: SaveMutation = SaveMutation()
    ) {
      self.load = load
      self.selectedTab = selectedTab
      self.detail = detail
      self.form = form
      self.save = save
    }

    /// Whether the form's Save does something now: the form is open, every field is valid, something changed, and
    /// no save is in flight.
    public var canSave: Bool {
      guard let form else { return false }
      return form.problems.isEmpty && form.hasChanges && !save.isSending
    }
  }

  /// Saving the profile: `PATCH /profile_personal` with the changed fields, answered by the stored profile.
  public typealias SaveMutation = Mutation<ProfilePersonalPatch, ProfilePersonal>
}
