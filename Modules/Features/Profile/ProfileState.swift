extension ProfileFeature {
  /// What the Profile screen shows. The phase says which of idle, loading, content or error is on screen (an
  /// empty information tab says so within the content); `selectedTab` is the information tab on show, `detail` the
  /// item whose overlay is open, `form` the Edit profile form when open and `save` where saving the profile stands.
  public struct State: Equatable, Codable, Sendable {
    /// Where loading stands.
    public var phase: Phase
    /// The information tab on show.
    public var selectedTab: InformationTab
    /// The chosen information item, shown as an overlay; `nil` when none is open.
    public var detail: ProfileDetail?
    /// The Edit profile form, shown as an overlay; `nil` when closed.
    public var form: ProfileEditForm?
    /// Where saving the profile stands (the form's Save, or `kumiki profile edit`).
    public var save: SavePhase

    /// Creates a state; the defaults are the state before the first appearance.
    public init(
      phase: Phase = .idle, selectedTab: InformationTab = .announcements, detail: ProfileDetail? = nil,
      form: ProfileEditForm? = nil, save: SavePhase = .idle
    ) {
      self.phase = phase
      self.selectedTab = selectedTab
      self.detail = detail
      self.form = form
      self.save = save
    }

    /// Whether the form's Save does something now: the form is open, every field is valid, something changed, and
    /// no save is in flight.
    public var canSave: Bool {
      guard let form else { return false }
      return form.validation.isValid && form.hasChanges && !save.isSaving
    }
  }

  /// The screen's load state.
  public enum Phase: Equatable, Codable, Sendable {
    /// Nothing requested yet (the screen has not appeared).
    case idle
    /// The four endpoints are being fetched.
    case loading
    /// Everything arrived.
    case loaded(ProfileContent)
    /// A fetch failed; the message is for the user, and Retry loads again.
    case failed(String)
  }

  /// Where saving the profile stands. The reducer decides a save (``saving(_:)`` with the fields to send); the save
  /// middleware sends exactly that patch.
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

extension ProfileFeature.Phase {
  /// The content when loaded, otherwise `nil`.
  public var content: ProfileContent? {
    if case .loaded(let content) = self { content } else { nil }
  }
}
