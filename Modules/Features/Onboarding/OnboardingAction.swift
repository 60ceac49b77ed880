extension OnboardingFeature {
  /// Everything that can happen to the onboarding overlay.
  public enum Action: Equatable, Codable, Sendable {
    /// Read the persisted flag (at launch, and for `kumiki onboarding status`).
    case load
    /// The flag was read: `completed` or not (not completed shows the overlay from its first page).
    case flagLoaded(completed: Bool)
    /// Reading the flag failed with this message.
    case flagFailed(String)
    /// Show the next page.
    case next
    /// Show the previous page.
    case back
    /// Close the overlay (Close, Escape, or "Get started"): persists the flag.
    case close
    /// The flag was persisted as completed.
    case completionSaved
    /// Clear the flag so the overlay shows again (`kumiki onboarding reset`).
    case reset
    /// The flag was cleared.
    case resetDone
    /// Writing the flag failed with this message.
    case writeFailed(String)
  }
}
