/// One page of the introduction.
public struct OnboardingPage: Equatable, Codable, Sendable {
  /// The page's heading (the overlay's title).
  public var title: String
  /// The introduction text.
  public var body: String

  /// Creates a page.
  public init(title: String, body: String) {
    self.title = title
    self.body = body
  }

  /// The introduction shown by default.
  public static let introduction: [OnboardingPage] = [
    OnboardingPage(
      title: "Welcome to Kumiki",
      body: "A gourmet magazine in your terminal: campaigns, news, featured topics and trends, fresh from the kitchen."),
    OnboardingPage(
      title: "Search the archive",
      body: "Find dishes by keyword and category. Space on an item's [ ] saves it; saved items stay readable offline."),
    OnboardingPage(
      title: "Make it yours",
      body: "Refresh a screen or everything at once. Everything you save is kept on this machine, never uploaded."),
  ]
}
