import FeatureKit
import LoadingScreenKit

extension SampleFeature {
  /// The screen's content: the dishes the load answered; empty when it answered none.
  public struct Content: LoadableContent {
    public var dishes: [String]

    public init(_ response: [String]) {
      dishes = response
    }

    public var isEmpty: Bool { dishes.isEmpty }
  }

  /// The feature's state: its load, and the highlighted dish (persisted).
  public struct State: Equatable, Codable, Sendable {
    public var load = ScreenLoad<Content>()
    public var highlighted: String?

    public init(load: ScreenLoad<Content> = ScreenLoad<Content>(), highlighted: String? = nil) {
      self.load = load
      self.highlighted = highlighted
    }
  }
}
