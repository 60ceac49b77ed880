import FeatureKit
import Foundation
import Presentation
import TUITesting
import Terminal
import Testing

@testable import TUI

/// Golden frames: every screen of the test app in every state, at 100×30 and 60×20, as text snapshots.
/// Re-record after an intended change with `KUMIKI_RECORD_SNAPSHOTS=1 make test MODULE=TUI`, then review the
/// diff of `__Snapshots__/`.
@Suite("Golden frames")
struct GoldenFrameTests {
  static let sizes = [Size(width: 100, height: 30), Size(width: 60, height: 20)]

  /// A frame of `fixture` at `size`, `configure` adjusting the UI state.
  func frame(_ fixture: TestApp, size: Size, _ configure: (inout TUIState) -> Void = { _ in }) -> String {
    var state = TUIState(size: size)
    configure(&state)
    return TUIApp.frame(
      app: fixture.app, state: state, devTools: fixture.devTools, theme: .monochrome,
      timeZone: TimeZone(identifier: "UTC")!
    ).buffer.text
  }

  func name(_ screen: String, _ size: Size) -> String { "\(screen)-\(size.width)x\(size.height)" }

  @Test("Shop screen in each phase", arguments: [ShopFeature.Phase.loading, .error, .content, .empty])
  func phases(phase: ShopFeature.Phase) throws {
    let fixture = try TestApp()
    fixture.shop(.setPhase(phase))
    for size in Self.sizes {
      assertSnapshot(frame(fixture, size: size), named: name("shop-\(phase.rawValue)", size))
    }
  }

  @Test("onboarding overlay over the content, its button focused")
  func onboarding() throws {
    let fixture = try TestApp()
    fixture.shop(.showOnboarding)
    for size in Self.sizes {
      assertSnapshot(frame(fixture, size: size), named: name("shop-onboarding", size))
    }
  }

  @Test("help overlay")
  func help() throws {
    let fixture = try TestApp()
    for size in Self.sizes {
      assertSnapshot(frame(fixture, size: size) { $0.isHelpVisible = true }, named: name("shop-help", size))
    }
  }

  @Test("DevTools panel, paused on an action with its state diff")
  func devTools() throws {
    let fixture = try TestApp()
    fixture.shop(.search("寿司"))
    fixture.shop(.toggleSave("r1"))
    fixture.shop(.selectCategory("洋食"))
    for size in Self.sizes {
      assertSnapshot(
        frame(fixture, size: size) { $0.devTools = .init(isVisible: true, position: 1) },
        named: name("shop-devtools", size))
    }
  }

  @Test("search field being edited with Japanese text; focus scrolled into view further down")
  func editingAndScrolling() throws {
    let fixture = try TestApp()
    fixture.shop(.queryEdited("親子丼 recipe"))
    for size in Self.sizes {
      assertSnapshot(
        frame(fixture, size: size) { $0.editing = TextEditing(fieldID: "search", text: "親子丼 recipe") },
        named: name("shop-editing", size))
      // Focus on the grid's second card (after 2 fields/chips, 5 carousel cards, 3 rows × 2 + load more).
      let focusables = FocusCollector.focusables(in: fixture.app.view(slot: 0)!)
      let card = try #require(focusables.indices.first { focusables[$0].kind == .card && focusables[$0].group > 3 })
      assertSnapshot(
        frame(fixture, size: size) {
          $0.focus[0] = card + 1
          $0.followsFocus = [0]
        }, named: name("shop-scrolled", size))
    }
  }

  @Test("Notes screen, second tab")
  func notes() throws {
    let fixture = try TestApp()
    for size in Self.sizes {
      assertSnapshot(frame(fixture, size: size) { $0.selectedTab = 1 }, named: name("notes", size))
    }
  }

  @Test("a screen scrolled by PgDn, with the scroll position thumb; its help")
  func scrolledScreen() throws {
    let fixture = try TestApp.reader()
    for size in Self.sizes {
      assertSnapshot(frame(fixture, size: size) { $0.scroll[0] = 10 }, named: name("reader-scrolled", size))
      assertSnapshot(frame(fixture, size: size) { $0.isHelpVisible = true }, named: name("reader-help", size))
    }
  }

  @Test("a detail overlay scrolled down its article")
  func scrolledOverlay() throws {
    let fixture = try TestApp.reader()
    fixture.reader(.open(2))
    for size in Self.sizes {
      assertSnapshot(
        frame(fixture, size: size) {
          $0.overlay = TUIState.OverlayFocus(title: "Article 2", focusBelow: 0)
          $0.overlay?.top = 20
        }, named: name("reader-article-scrolled", size))
    }
  }

  @Test("a form dialog: its help, a field's validation message on its reserved line, the discard question")
  func dialog() throws {
    let fixture = try TestApp.reader()
    fixture.reader(.edit)
    for size in Self.sizes {
      assertSnapshot(frame(fixture, size: size) { $0.isHelpVisible = true }, named: name("reader-form-help", size))
    }
    fixture.reader(.nameEdited(""))
    for size in Self.sizes {
      assertSnapshot(
        frame(fixture, size: size) {
          $0.overlay = TUIState.OverlayFocus(title: "Edit", focusBelow: 0, openingTexts: ["name": "Hanako"])
          $0.confirmation = .discard(.feature(slot: 0, action: ReaderFeature.Action.cancel))
        }, named: name("reader-form-discard", size))
    }
  }

  @Test("thirty features: the tab bar around the selected tab with < and >; the feature switcher filtering")
  func manyFeatures() throws {
    let fixture = try TestApp.numbered(30)
    for size in Self.sizes {
      assertSnapshot(frame(fixture, size: size) { $0.selectedTab = 20 }, named: name("numbered-tab-21", size))
      assertSnapshot(
        frame(fixture, size: size) { $0.switcher = FeatureSwitcher(query: "feature 2", selection: 1) },
        named: name("numbered-switcher", size))
    }
  }

  @Test("the command palette over a screen: its features, the bindings acting there, its buttons; a row filter typed")
  func paletteAndRowFilter() throws {
    let fixture = try TestApp(features: [ReaderFeature.module().erased, NotesFeature.module().erased])
    for size in Self.sizes {
      assertSnapshot(
        frame(fixture, size: size) { $0.switcher = FeatureSwitcher() }, named: name("reader-palette", size))
      assertSnapshot(
        frame(fixture, size: size) {
          $0.selectedTab = 1
          $0.rowFilter = "bu"
          $0.isTypingRowFilter = true
        }, named: name("notes-filtered", size))
    }
  }
}
