/// What one written frame showed, as passed to ``TUIOptions/onFrame``.
public struct FrameReport: Sendable, Equatable {
  /// 1 for the first frame, counting up.
  public var number: Int
  /// Bytes written to the terminal for this frame (the diff against the previous one).
  public var bytes: Int
  /// The selected tab's title (the feature's screen title), empty when there is no tab.
  public var tab: String
  /// Whether the selected tab is fully shown: its feature was told it appeared, and its view has no spinner and
  /// no error panel. The first complete frame of the first tab is the app's time to content.
  public var complete: Bool

  /// Creates a report.
  public init(number: Int, bytes: Int, tab: String, complete: Bool) {
    self.number = number
    self.bytes = bytes
    self.tab = tab
    self.complete = complete
  }
}
