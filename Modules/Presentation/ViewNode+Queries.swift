extension ViewNode {
  /// `.stack([])`: what an overlay-placed feature presents while it has nothing to show.
  public var isEmptyStack: Bool {
    if case .stack(let children) = self { return children.isEmpty }
    return false
  }

  /// The first modal overlay in this view, depth first.
  public var firstOverlay: OverlayNode<Action>? {
    switch self {
    case .overlay(let overlay): overlay
    case .stack(let children), .section(_, let children): children.lazy.compactMap(\.firstOverlay).first
    case .tabs(_, let content): content.firstOverlay
    default: nil
    }
  }

  /// The first error message in this view, depth first (a status bar's "last error").
  public var firstErrorMessage: String? {
    switch self {
    case .error(let message, _): message
    case .stack(let children), .section(_, let children): children.lazy.compactMap(\.firstErrorMessage).first
    case .tabs(_, let content): content.firstErrorMessage
    case .overlay(let overlay): overlay.content.firstErrorMessage
    default: nil
    }
  }

  /// The first toast in this view, depth first (what a status bar shows for a few seconds).
  public var firstToast: ToastNode<Action>? {
    switch self {
    case .toast(let toast): toast
    case .stack(let children), .section(_, let children): children.lazy.compactMap(\.firstToast).first
    case .tabs(_, let content): content.firstToast
    case .overlay(let overlay): overlay.content.firstToast
    default: nil
    }
  }

  /// Whether this view shows work in progress (a spinner).
  public var containsSpinner: Bool {
    switch self {
    case .spinner: true
    case .stack(let children), .section(_, let children): children.contains { $0.containsSpinner }
    case .tabs(_, let content): content.containsSpinner
    case .overlay(let overlay): overlay.content.containsSpinner
    default: false
    }
  }
}
