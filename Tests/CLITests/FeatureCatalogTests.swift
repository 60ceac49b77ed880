import CLI
import Presentation
import Testing

@Suite struct FeatureCatalogTests {
  @Test func listsFeaturesWithTheirCommands() throws {
    let app = try makeTestApp()
    let catalog = FeatureCatalog(features: app.features, commands: app.commands)
    #expect(
      catalog.json.text.hasPrefix(
        #"{"features":[{"key":"counter","title":"Counter","screen":true,"commands":["counter","counter add","#))
    guard case .table(let table) = catalog.view else {
      Issue.record("expected a table")
      return
    }
    #expect(table.columns == ["KEY", "TITLE", "SCREEN", "COMMANDS"])
    #expect(table.rows.map(\.first) == ["counter", "catalogue"])
  }

  @Test func anEmptyRegistrySaysSo() throws {
    let catalog = FeatureCatalog(features: [], commands: [])
    #expect(catalog.json.text == #"{"features":[]}"#)
    #expect(catalog.view == .empty("No features are registered."))
  }
}
