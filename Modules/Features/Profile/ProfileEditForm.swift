/// The Edit profile form while it is open: the values it opened with, what the user has typed, and the draft's
/// validation, which the reducer recomputes on every edit so the messages show while typing.
public struct ProfileEditForm: Equatable, Codable, Sendable {
  /// The profile's values when the form opened; a save sends only the fields that differ from these.
  public var original: ProfileDraft
  /// What the fields hold now.
  public private(set) var draft: ProfileDraft
  /// `draft.validate()`, kept in step with ``draft``.
  public private(set) var validation: ProfileDraft.Validation

  /// A form opened on `original`, holding `draft` (by default the original values).
  public init(original: ProfileDraft, draft: ProfileDraft? = nil) {
    self.original = original
    self.draft = draft ?? original
    self.validation = self.draft.validate()
  }

  /// The changed fields, as a save would send them.
  public var patch: ProfilePersonalPatch { draft.patch(from: original) }

  /// Whether the fields hold something other than the original values.
  public var hasChanges: Bool { !patch.isEmpty }

  /// Changes the draft and validates it again.
  public mutating func edit(_ change: (inout ProfileDraft) -> Void) {
    change(&draft)
    validation = draft.validate()
  }
}
