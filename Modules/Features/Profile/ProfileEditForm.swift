/// The Edit profile form while it is open: the values it opened with and what the user has typed. Its validation is
/// derived from the draft, so the messages follow every edit.
public struct ProfileEditForm: Equatable, Codable, Sendable {
  /// The profile's values when the form opened; a save sends only the fields that differ from these.
  public var original: ProfileDraft
  /// What the fields hold now.
  public var draft: ProfileDraft

  /// A form opened on `original`, holding `draft` (by default the original values).
  public init(original: ProfileDraft, draft: ProfileDraft? = nil) {
    self.original = original
    self.draft = draft ?? original
  }

  /// The draft's problems, if any (``ProfileDraft/validate()``).
  public var validation: ProfileDraft.Validation { draft.validate() }

  /// The changed fields, as a save would send them.
  public var patch: ProfilePersonalPatch { draft.patch(from: original) }

  /// Whether the fields hold something other than the original values.
  public var hasChanges: Bool { !patch.isEmpty }
}
