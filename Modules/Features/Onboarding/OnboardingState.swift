extension OnboardingFeature {
  /// What the onboarding overlay shows, and what is known of the persisted flag.
  public struct State: Equatable, Codable, Sendable {
    /// The persisted "onboarding completed" flag as known to the app.
    public enum Flag: Equatable, Codable, Sendable {
      /// Not read yet.
      case unknown
      /// Being read.
      case loading
      /// Read (or written): whether onboarding was completed.
      case loaded(completed: Bool)
      /// Reading failed with this message (the overlay is not shown).
      case failed(String)
    }

    /// The flag.
    public var flag: Flag
    /// Whether the overlay is on screen.
    public var isPresented: Bool
    /// The index of the page shown.
    public var page: Int
    /// The introduction pages.
    public var pages: [OnboardingPage]
    /// Why the last write of the flag failed, if it did.
    public var problem: String?

    /// Creates the state before the flag was read.
    public init(
      flag: Flag = .unknown,
      isPresented: Bool = false,
      page: Int = 0,
      pages: [OnboardingPage] = OnboardingPage.introduction,
      problem: String? = nil
    ) {
      self.flag = flag
      self.isPresented = isPresented
      self.page = page
      self.pages = pages
      self.problem = problem
    }

    /// Whether the page shown is the last one.
    public var isLastPage: Bool { page >= pages.count - 1 }
  }
}
