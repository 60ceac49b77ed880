/// A chaos run that could not be carried out (a tool that did not start, an answer it cannot read): not a finding
/// about the apps, which ``ChaosReport`` holds.
public struct ChaosError: Error, CustomStringConvertible, Sendable {
  /// What went wrong.
  public let description: String

  init(_ description: String) { self.description = description }
}
