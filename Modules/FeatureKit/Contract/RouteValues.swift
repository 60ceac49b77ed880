/// A route's arguments after they were checked against its declaration: what a feature's route reads, by parameter
/// name. Every declared parameter is there with its declared type.
public struct RouteValues: Sendable, Equatable {
  let values: [String: Route.Argument]

  init(_ values: [String: Route.Argument]) {
    self.values = values
  }

  /// The whole-number parameter `name` (0 if the declaration has no such number: a programming error the
  /// feature's own tests show).
  public func int(_ name: String) -> Int {
    if case .int(let value) = values[name] { value } else { 0 }
  }

  /// The text parameter `name` (empty if the declaration has no such text).
  public func string(_ name: String) -> String {
    if case .string(let text) = values[name] { text } else { "" }
  }
}
