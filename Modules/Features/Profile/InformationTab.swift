/// The three tabs of the Profile's information block. The raw values are the CLI's `--tab` choices and the JSON
/// keys of `kumiki profile`.
public enum InformationTab: String, Hashable, Codable, Sendable, CaseIterable {
  /// The magazine's announcements to the member.
  case announcements
  /// The member's comments.
  case comments
  /// The member's recent favourites.
  case recent

  /// The tab's label on screen.
  public var label: String {
    switch self {
    case .announcements: "Announcements"
    case .comments: "Comments"
    case .recent: "Recently Saved"
    }
  }
}
