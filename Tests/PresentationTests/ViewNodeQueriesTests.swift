import Presentation
import Testing

@Suite struct ViewNodeQueriesTests {
  enum Action: Equatable, Sendable {
    case retry, close
  }

  @Test func findsOverlaysErrorsAndSpinnersDepthFirst() {
    let overlay = OverlayNode<Action>(title: "Detail", content: .spinner("Loading"), buttons: [], dismiss: .close)
    let view: ViewNode<Action> = .stack([
      .section(title: "A", children: [.text("ok")]),
      .tabs([], content: .error(message: "Cannot connect", retry: .retry)),
      .overlay(overlay),
    ])
    #expect(view.firstOverlay == overlay)
    #expect(view.firstErrorMessage == "Cannot connect")
    #expect(view.containsSpinner)
    #expect(!view.isEmptyStack)
  }

  @Test func plainViewsHaveNone() {
    let view: ViewNode<Action> = .stack([.text("ok"), .empty("Nothing")])
    #expect(view.firstOverlay == nil)
    #expect(view.firstErrorMessage == nil)
    #expect(!view.containsSpinner)
    #expect(ViewNode<Action>.stack([]).isEmptyStack)
  }
}
