import Presentation

extension OnboardingFeature {
  /// The overlay while presented — the page's title and text, "n / N", and Back / Next / Close (the last page's
  /// "Get started" closes; Next and Get started are the default, so Enter always goes forward) — and an empty `.stack([])` otherwise (flag unknown, loading, failed or completed).
  public static func present(_ state: State) -> ViewNode<Action> {
    guard state.isPresented, state.pages.indices.contains(state.page) else { return .stack([]) }
    let page = state.pages[state.page]
    var buttons: [OverlayButton<Action>] = []
    if state.page > 0 { buttons.append(OverlayButton(label: "Back", action: .back)) }
    if state.isLastPage {
      buttons.append(OverlayButton(label: "Get started", action: .close, isDefault: true))
    } else {
      buttons += [
        OverlayButton(label: "Next", action: .next, isDefault: true), OverlayButton(label: "Close", action: .close),
      ]
    }
    return .overlay(
      OverlayNode(
        title: page.title,
        content: .stack([.text(page.body), .text("\(state.page + 1) / \(state.pages.count)", .secondary)]),
        buttons: buttons,
        dismiss: .close))
  }
}
