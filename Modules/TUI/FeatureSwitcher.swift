import Presentation
import Terminal

/// The command palette (`:`), like lazygit's and k9s's command modes: a filter typed over every feature (its tab) and
/// every command of the screen under it — the key bindings that act there (``KeyBinding/run``, the same bindings the
/// help and the hints line show) and the screen's buttons, chips and tabs — so any feature and any action is
/// reachable by name however many there are. Enter runs the selected match; `:q` quits.
public struct FeatureSwitcher: Sendable, Equatable {
  /// What Enter on an entry does.
  public enum Run: Sendable, Equatable {
    /// Shows the tab at this index.
    case tab(Int)
    /// Presses this key on the screen under the palette, as if typed there.
    case key(KeyEvent)
    /// Focuses and activates the screen's focusable element at this index (a button, a chip).
    case element(Int)
    /// Quits the app.
    case quit
  }

  /// A feature or command the palette can run.
  public struct Entry: Sendable, Equatable {
    /// The feature's key (`archive`) or the command's keys (`r`).
    public var key: String
    /// The tab's title (`Archive`) or what the command does.
    public var title: String
    /// What Enter does; `nil` (a tab listed in ``TUIContext/tabs``): shows the tab at this entry's index.
    public var run: Run?

    /// Creates an entry.
    public init(key: String, title: String, run: Run? = nil) {
      self.key = key
      self.title = title
      self.run = run
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

  /// Whether the query asks to quit, as vi's and k9s's `:q` does (`q`, `q!`, `quit`), whatever is selected.
  public var isQuit: Bool { ["q", "q!", "quit"].contains(query.trimmingSpaces.lowercased()) }

  /// The palette's entries over `tabs` (one per tab, in order, so `3` still finds the third) for `state` showing
  /// `content`: then the bindings acting on that screen that the palette can run, then its buttons, chips and tabs.
  public static func entries<Action>(tabs: [Entry], state: TUIState, content: ViewNode<Action>?) -> [Entry] {
    let below = state.withoutDialogs
    let situation = KeySituation(state: below, content: content, tabCount: tabs.count, overflows: false)
    let features = tabs.enumerated().map { Entry(key: $0.element.key, title: $0.element.title, run: .tab($0.offset)) }
    let commands = KeyBinding.active(in: situation).compactMap { binding in
      binding.run.map { Entry(key: binding.keys, title: binding.action, run: $0) }
    }
    let focusables = content.map { FocusCollector.focusables(in: $0) } ?? []
    let pressable: Set<FocusKind> = [.button, .retry, .loadMore, .chip, .tab, .toggle]
    let elements = focusables.enumerated().compactMap { index, element in
      pressable.contains(element.kind) && element.action != nil && element.isEnabled
        ? Entry(key: element.kind.rawValue, title: element.label, run: .element(index)) : nil
    }
    return features + commands + elements
  }

  /// The entry indices the filter keeps, best first: the tab numbered as typed, then keys matching it exactly,
  /// then keys or titles starting with it, then those containing it (case-insensitive); every entry while the
  /// filter is empty.
  public func matches(in entries: [Entry]) -> [Int] {
    let needle = query.trimmingSpaces.lowercased()
    guard !needle.isEmpty else { return Array(entries.indices) }
    func names(_ entry: Entry) -> [String] { [entry.key.lowercased(), entry.title.lowercased()] }
    let numbered = Int(needle).map { [$0 - 1] }?.filter { entries.indices.contains($0) && isTab(entries[$0]) } ?? []
    let exact = entries.indices.filter { index in
      entries[index].key.lowercased().split(separator: ",").contains { $0.trimmingSpaces == needle }
    }
    let prefixed = entries.indices.filter { index in names(entries[index]).contains { $0.hasPrefix(needle) } }
    let containing = entries.indices.filter { index in names(entries[index]).contains { $0.contains(needle) } }
    var seen = Set<Int>()
    return (numbered + exact + prefixed + containing).filter { seen.insert($0).inserted }
  }

  private func isTab(_ entry: Entry) -> Bool {
    if case .key = entry.run { return false }
    if case .element = entry.run { return false }
    return entry.run != .quit
  }
}

extension StringProtocol {
  /// The text without its leading and trailing spaces.
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
