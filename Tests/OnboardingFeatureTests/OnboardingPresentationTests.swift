import OnboardingFeature
import Presentation
import Testing

@Suite("Onboarding presentation")
struct OnboardingPresentationTests {
  typealias State = OnboardingFeature.State

  @Test("hidden in every state but presented: unknown, loading, failed, completed")
  func hidden() {
    for flag: State.Flag in [.unknown, .loading, .failed("locked"), .loaded(completed: true)] {
      #expect(OnboardingFeature.present(State(flag: flag)) == .stack([]))
    }
  }

  /// One vocabulary (issue 35): the pages say how to save as the TUI draws it, `[ ]`, never "the heart".
  @Test("the pages say save and [ ], not heart")
  func saveVocabulary() {
    let text = OnboardingPage.introduction.map { $0.title + " " + $0.body }.joined(separator: "\n")
    #expect(!text.lowercased().contains("heart"))
    #expect(text.contains("[ ] saves it"))
  }

  @Test("the first page: title, text, position, Next and Close; dismiss closes")
  func firstPage() throws {
    let view = OnboardingFeature.present(State(flag: .loaded(completed: false), isPresented: true))
    guard case .overlay(let overlay) = view else {
      Issue.record("expected an overlay, got \(view)")
      return
    }
    #expect(overlay.title == "Welcome to Kumiki")
    #expect(overlay.content.plainText.last == "1 / 3")
    #expect(overlay.buttons.map(\.label) == ["Next", "Close"])
    #expect(overlay.buttons.map(\.action) == [.next, .close])
    #expect(overlay.buttons.map(\.isDefault) == [true, false])  // Enter goes forward (issue 26, item 4)
    #expect(overlay.dismiss == .close)
  }

  @Test("a middle page has Back; the last page's Get started closes")
  func laterPages() {
    let middle = OnboardingFeature.present(State(flag: .loaded(completed: false), isPresented: true, page: 1))
    #expect(middle.actions == [.back, .next, .close, .close])
    #expect(middle.plainText.contains("Search the archive"))
    let last = OnboardingFeature.present(State(flag: .loaded(completed: false), isPresented: true, page: 2))
    guard case .overlay(let overlay) = last else {
      Issue.record("expected an overlay")
      return
    }
    #expect(
      overlay.buttons == [
        OverlayButton(label: "Back", action: .back),
        OverlayButton(label: "Get started", action: .close, isDefault: true),
      ])
    #expect(overlay.content.plainText.last == "3 / 3")
  }
}
