import Presentation
import Testing

@Suite struct ViewNodeMapTests {
  enum Child: Equatable, Sendable {
    case open(Int)
    case toggle(Int)
    case search(String)
    case retry
  }

  enum Parent: Equatable, Sendable {
    case child(Child)
  }

  static let screen: ViewNode<Child> = .stack([
    .section(
      title: "Results",
      children: [
        .list(
          ListNode(
            items: [
              ListItem(
                id: "1", title: "カレー", subtitle: "エスニック", action: .open(1),
                accessory: ListAccessory(label: "Save", isOn: false, action: .toggle(1)))
            ],
            more: ListMore(label: "Load more", action: .retry)))
      ]),
    .textField(TextFieldNode(id: "q", label: "Keyword", text: "", placeholder: "Search") { .search($0) }),
    .error(message: "Cannot connect", retry: .retry),
    .empty("Nothing here"),
  ])

  @Test func mapEmbedsEveryAction() {
    let mapped = Self.screen.map(Parent.child)
    #expect(mapped.actions == [.child(.open(1)), .child(.toggle(1)), .child(.retry), .child(.retry)])
    guard case .stack(let children) = mapped, case .textField(let field) = children[1] else {
      Issue.record("unexpected shape")
      return
    }
    #expect(field.submit("ラーメン") == .child(.search("ラーメン")))
  }

  @Test func plainTextIsTheReadingOrder() {
    #expect(
      Self.screen.plainText == [
        "Results", "カレー", "エスニック", "Load more", "Keyword", "", "Cannot connect", "Nothing here",
      ])
  }

  @Test func equalityComparesContentAndWhatTextFieldsSubmit() {
    let same = Self.screen
    #expect(same == Self.screen)
    let other: ViewNode<Child> = .textField(
      TextFieldNode(id: "q", label: "Keyword", text: "", placeholder: "Search") { _ in .retry })
    let original: ViewNode<Child> = .textField(
      TextFieldNode(id: "q", label: "Keyword", text: "", placeholder: "Search") { .search($0) })
    #expect(other != original)
  }
}
