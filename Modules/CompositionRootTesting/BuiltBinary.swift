import Foundation

/// The built apps (`kumiki`, `kumiki-tui`, `kumiki-api`), found next to the test binary. A suite that runs them
/// declares them as dependencies in Package.swift, so they are built before it runs (EndToEndTests and every
/// feature's integration suite do).
public enum BuiltBinary {
  /// The path of the built executable `name`.
  public static func path(_ name: String) -> String {
    let testBinary = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    var folder = testBinary.deletingLastPathComponent()
    while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
    return folder.appendingPathComponent(name).path
  }
}
