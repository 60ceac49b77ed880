/// The feature switcher (`:`): a filter typed over the tabs' keys and titles, like lazygit's and k9s's command
/// modes, so any feature is reachable however many there are. Enter goes to the selected match.
public struct FeatureSwitcher: Sendable, Equatable {
  /// A tab the switcher can go to.
  public struct Entry: Sendable, Equatable {
    /// The feature's key (`archive`).
    public var key: String
    /// The tab's title (`Archive`).
    public var title: String

    /// Creates an entry.
    public init(key: String, title: String) {
      self.key = key
      self.title = title
    }
  }

  /// What was typed.
  public var query = ""
  /// The selected row, an index into ``matches(in:)``.
  public var selection = 0

  /// An empty filter.
  public init(query: String = "", selection: Int = 0) {
    self.query = query
    self.selection = selection
  }

  /// The tab indices the filter keeps, best first: the tab numbered as typed, then keys or titles starting with
  /// it, then those containing it (case-insensitive); every tab while the filter is empty.
  public func matches(in entries: [Entry]) -> [Int] {
    let needle = String(query.lowercased().drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    guard !needle.isEmpty else { return Array(entries.indices) }
    func names(_ entry: Entry) -> [String] { [entry.key.lowercased(), entry.title.lowercased()] }
    let numbered = Int(needle).map { [$0 - 1] }?.filter { entries.indices.contains($0) } ?? []
    let prefixed = entries.indices.filter { index in names(entries[index]).contains { $0.hasPrefix(needle) } }
    let containing = entries.indices.filter { index in names(entries[index]).contains { $0.contains(needle) } }
    var seen = Set<Int>()
    return (numbered + prefixed + containing).filter { seen.insert($0).inserted }
  }
}
