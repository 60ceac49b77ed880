/// One failing resource of a scenario: every request for `resource` (`*`: every resource) answers `code`.
public struct ScenarioStatus: Sendable, Hashable {
  /// A resource the API serves (`achive_images`, `profile_personal`), or `*` for all of them.
  public var resource: String
  /// The HTTP status every request for it answers, 400...599.
  public var code: Int

  /// The codes a scenario may make a resource answer: client and server errors.
  public static let codes = 400...599

  /// Creates a failing resource.
  public init(resource: String, code: Int) {
    self.resource = resource
    self.code = code
  }

  /// `kumiki-api --fault`'s spelling: `achive_images:status=503`, `*:status=500`.
  public var faultRule: String { "\(resource):status=\(code)" }
}
