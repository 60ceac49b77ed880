import FeatureKit

extension ProfileFeature {
  /// What the Profile screen shows. `load.phase` says which of idle, loading, content or error is on screen (an
  /// empty information tab says so within the content); `selectedTab` is the information tab on show, `detail` the
  /// item whose overlay is open, `form` the Edit profile form when open and `save` where saving the profile stands.
  public struct State: ScreenLoadState, ToastingState, Equatable, Codable, Sendable {
    /// Where loading stands, and whether the last load action started a load (``FeatureKit/ScreenLoad``).
    public var load: ScreenLoad<ProfileContent>
    /// The information tab on show.
    public var selectedTab: InformationTab
    /// The chosen information item, shown as an overlay; `nil` when none is open.
    public var detail: ProfileDetail?
    /// The Edit profile form, shown as an overlay; `nil` when closed.
    public var form: ProfileEditForm?
    /// Where saving the profile stands (the form's Save, or `kumiki profile edit`).
    public var save: SavePhase
    /// Whether the last save action (`.save`, `.update`, `.saved`, `.saveFailed`) started a save: set only by the
    /// `.save` or `.update` that decided to send `save`'s patch, cleared by every other save action. The save
    /// middleware sends the PATCH right after that action and never for another, so a stray `.save` while saving
    /// sends nothing (the same decide-once rule as ``FeatureKit/ScreenLoad/startsLoad``).
    public var startsSave: Bool
    /// "Profile saved" for a few seconds after a save (FeatureKit's toasts).
    public var toast = ToastSlot<Action>()

    /// Creates a state; the defaults are the state before the first appearance.
    public init(
      load: ScreenLoad<ProfileContent> = ScreenLoad(), selectedTab: InformationTab = .announcements,
      detail: ProfileDetail? = nil, form: ProfileEditForm? = nil, save: SavePhase = .idle, startsSave: Bool = false
    ) {
      self.load = load
      self.selectedTab = selectedTab
      self.detail = detail
      self.form = form
      self.save = save
      self.startsSave = startsSave
    }

    /// Whether the form's Save does something now: the form is open, every field is valid, something changed, and
    /// no save is in flight.
    public var canSave: Bool {
      guard let form else { return false }
      return form.validation.isValid && form.hasChanges && !save.isSaving
    }
  }

  /// Where saving the profile stands. The reducer decides a save (``saving(_:)`` with the fields to send, and
  /// ``State/startsSave``); the save middleware sends exactly that patch.
  public enum SavePhase: Equatable, Codable, Sendable {
    /// No save requested since the form opened (or ever).
    case idle
    /// `PATCH /profile_personal` with this patch is in flight.
    case saving(ProfilePersonalPatch)
    /// The last save succeeded; the server's profile after it.
    case saved(ProfilePersonal)
    /// The last save failed with this message for the user; the form keeps the draft and offers Retry.
    case failed(String)

    /// Whether a save is in flight.
    public var isSaving: Bool {
      if case .saving = self { true } else { false }
    }
  }
}
