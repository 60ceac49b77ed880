import Presentation
import Testing

@testable import TUI

@Suite("Focusable elements")
struct FocusCollectorTests {
  @Test("every interactive element is focusable, in reading order, grouped by row")
  func collects() {
    let view = ViewNode<String>.stack([
      .textField(
        TextFieldNode(
          id: "q", label: "Search", text: "", placeholder: "", change: { "change:\($0)" }, submit: { "submit:\($0)" })),
      .chips([
        Chip(label: "A", isSelected: true, action: "chip-a"), Chip(label: "-", isSelected: false, action: nil),
        Chip(label: "B", isSelected: false, action: "chip-b"),
      ]),
      .section(
        title: "S",
        children: [
          .list(
            ListNode(
              items: [
                ListItem(
                  id: "1", title: "One", action: "open-1",
                  accessory: ListAccessory(label: "Save", isOn: false, action: "save-1")),
                ListItem(id: "2", title: "Two"),
              ], more: ListMore(label: "More", action: "more")))
        ]),
      .collection(
        CollectionNode(
          title: "", layout: .grid(columns: 2),
          cards: (1...3).map { Card(id: "\($0)", title: "C\($0)", action: "card-\($0)") })),
      .tabs([Tab(label: "T1", isSelected: true, action: "tab-1")], content: .button(label: "Go", action: "go")),
      .toggle(label: "Veg", isOn: true, action: "veg"),
      .error(message: "x", retry: "retry"), .error(message: "y", retry: nil),
      .text("t"), .rating(3), .spinner("s"), .empty("e"),
    ])
    let focusables = FocusCollector.focusables(in: view)
    #expect(
      focusables.map(\.kind) == [
        .textField, .chip, .chip, .listItem, .accessory, .listItem, .loadMore, .card, .card, .card, .tab, .button,
        .toggle,
        .retry,
      ])
    #expect(
      focusables.map(\.action) == [
        nil, "chip-a", "chip-b", "open-1", "save-1", nil, "more", "card-1", "card-2", "card-3", "tab-1", "go", "veg",
        "retry",
      ])
    #expect(focusables[0].field?.submit?("x") == "submit:x")
    #expect(focusables[0].field?.change("x") == "change:x")
    #expect(focusables.map(\.column) == [0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0])
    let groups = focusables.map(\.group)
    #expect(groups == groups.sorted())
    #expect(Set(groups).count == 11)  // field, chips, 2 rows, more, 2 grid rows, tabs, Go, Veg, Retry
  }

  @Test("with an overlay only its content and buttons are focusable")
  func overlay() {
    let view = ViewNode<String>.stack([
      .button(label: "Behind", action: "behind"),
      .overlay(
        OverlayNode(
          title: "Hi", content: .toggle(label: "Tips", isOn: false, action: "tips"),
          buttons: [OverlayButton(label: "OK", action: "ok"), OverlayButton(label: "Later", action: "later")],
          dismiss: "dismiss")),
    ])
    #expect(FocusCollector.focusables(in: view).map(\.action) == ["tips", "ok", "later"])
    #expect(view.firstOverlay?.dismiss == "dismiss")
  }
}
