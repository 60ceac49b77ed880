/// A route a feature declares and how it opens it: the declaration (name, typed parameters), the feature's own
/// actions that show the screen and that close it again, and the command that prints the same content.
///
/// ```swift
/// FeatureRoute(
///   "item", parameters: [.int("id", in: 1...999_999, sample: 6)], abstract: "One archive item",
///   open: { [.open($0.int("id"))] }, close: { _ in [.closeDetail] },
///   command: { ["item", String($0.int("id"))] })
/// ```
public struct FeatureRoute<Action: Sendable>: Sendable {
  /// The route as the contract states it.
  public var declaration: RouteDeclaration
  /// The feature's actions that open the screen for checked values (the TUI sends them after switching to the
  /// feature's tab).
  public var open: @Sendable (RouteValues) -> [Action]
  /// The actions that close what `open` opened (the TUI sends them on Esc, before going back).
  public var close: @Sendable (RouteValues) -> [Action]
  /// The feature's command that prints the same content, words after its key (`["item", "6"]`): what `kumiki
  /// open` runs.
  public var command: @Sendable (RouteValues) -> [String]

  /// A route `name` with `parameters`.
  public init(
    _ name: String,
    parameters: [RouteDeclaration.Parameter] = [],
    abstract: String,
    open: @escaping @Sendable (RouteValues) -> [Action],
    close: @escaping @Sendable (RouteValues) -> [Action] = { _ in [] },
    command: @escaping @Sendable (RouteValues) -> [String]
  ) {
    self.declaration = RouteDeclaration(name, parameters: parameters, abstract: abstract)
    self.open = open
    self.close = close
    self.command = command
  }
}
