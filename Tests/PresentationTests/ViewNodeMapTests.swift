import Presentation
import Testing

@Suite struct ViewNodeMapTests {
  enum Child: Equatable, Sendable {
    case open(Int)
    case toggle(Int)
    case search(String)
    case edit(String)
    case save
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
    .textField(
      TextFieldNode(
        id: "q", label: "Keyword", text: "", placeholder: "Search", hint: "Any word",
        change: { .edit($0) }, submit: { .search($0) })),
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
    #expect(field.change("ラー") == .child(.edit("ラー")))
    #expect(field.submit?("ラーメン") == .child(.search("ラーメン")))
    #expect(field.hint == "Any word")
  }

  @Test func disabledControlsKeepTheirFlagAndOfferNoAction() {
    let form: ViewNode<Child> = .stack([
      .textField(
        TextFieldNode(
          id: "name", label: "Name", text: "", placeholder: "", message: "Name is required", isEnabled: false,
          change: { .edit($0) })),
      .button(label: "Save", action: .save, isEnabled: false),
      .toggle(label: "Public", isOn: true, action: .toggle(1), isEnabled: false),
      .chips([Chip(label: "A", isSelected: false, action: .open(1), isEnabled: false)]),
      .overlay(
        OverlayNode(
          title: "Edit", content: .stack([]),
          buttons: [
            OverlayButton(label: "Save", action: .save, isEnabled: false),
            OverlayButton(label: "Cancel", action: .retry),
          ],
          dismiss: nil)),
    ])
    #expect(form.actions == [.retry])
    let mapped = form.map(Parent.child)
    #expect(mapped.actions == [.child(.retry)])
    guard case .stack(let children) = mapped, case .textField(let field) = children[0],
      case .button(_, _, let saveEnabled) = children[1], case .toggle(_, _, _, let toggleEnabled) = children[2],
      case .chips(let chips) = children[3], case .overlay(let overlay) = children[4]
    else {
      Issue.record("unexpected shape")
      return
    }
    #expect(!field.isEnabled && field.message == "Name is required" && field.submit == nil)
    #expect(!saveEnabled && !toggleEnabled && !chips[0].isEnabled)
    #expect(overlay.buttons.map(\.isEnabled) == [false, true])
    #expect(form.plainText.contains("Name is required"))
  }

  @Test func plainTextIsTheReadingOrder() {
    #expect(
      Self.screen.plainText == [
        "Results", "カレー", "エスニック", "Load more", "Keyword", "", "Any word", "Cannot connect", "Nothing here",
      ])
  }

  @Test func equalityComparesContentAndWhatTextFieldsSubmit() {
    let same = Self.screen
    #expect(same == Self.screen)
    let other: ViewNode<Child> = .textField(
      TextFieldNode(id: "q", label: "Keyword", text: "", placeholder: "Search", change: { _ in .retry }))
    let original: ViewNode<Child> = .textField(
      TextFieldNode(id: "q", label: "Keyword", text: "", placeholder: "Search", change: { .search($0) }))
    #expect(other != original)
    let invalid: ViewNode<Child> = .textField(
      TextFieldNode(
        id: "q", label: "Keyword", text: "", placeholder: "Search", message: "Required", change: { .search($0) }))
    #expect(invalid != original)
  }
}
