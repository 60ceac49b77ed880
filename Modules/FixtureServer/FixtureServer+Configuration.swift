import FixtureData
import Foundation

extension FixtureServer {
  /// How to start a ``FixtureServer``. The defaults make an embedded server: loopback, ephemeral port, the
  /// bundled dataset with writes kept in memory, no delay, no faults, silent, and leaving signal handling to the
  /// host process.
  public struct Configuration: Sendable {
    /// The address to bind, e.g. `127.0.0.1` (default), `::1` or `0.0.0.0`.
    public var host: String
    /// The port to bind; `0` (default) picks a free ephemeral port, reported by ``FixtureServer/port``.
    public var port: Int
    /// The data to serve; `nil` (default) serves the content of ``databaseFile`` when one is set, otherwise
    /// ``FixtureDatabase/bundled``.
    public var database: FixtureDatabase?
    /// The json-server `db.json` file every successful write is saved to, atomically (see the module README),
    /// like json-server's database file argument; when ``database`` is `nil`, the server also starts from its
    /// content. `nil` (default) keeps writes in memory for the life of the server: the bundled resource and any
    /// file the data came from are never modified.
    public var databaseFile: URL?
    /// Whether every `POST`, `PUT`, `PATCH` and `DELETE` on a resource is refused with `403`, like json-server's
    /// `--read-only`. Reads and the `/__faults` control endpoint are unaffected. Default `false`.
    public var readOnly: Bool
    /// Added before every data response (like json-server's `--delay`). Default zero.
    public var delay: Duration
    /// The faults in force at start; change them later with ``FixtureServer/setFaults(_:)``.
    public var faults: FaultPlan
    /// Called with one line per request when set (the CLI's `--verbose` writes these to stderr). Default `nil`.
    public var requestLog: (@Sendable (String) -> Void)?
    /// Whether SIGINT and SIGTERM shut the server down gracefully. Only the process's main server should set
    /// this (the CLI does); default `false`.
    public var handlesTerminationSignals: Bool

    /// Creates a configuration; every parameter defaults as documented on its property.
    public init(
      host: String = "127.0.0.1",
      port: Int = 0,
      database: FixtureDatabase? = nil,
      databaseFile: URL? = nil,
      readOnly: Bool = false,
      delay: Duration = .zero,
      faults: FaultPlan = FaultPlan(),
      requestLog: (@Sendable (String) -> Void)? = nil,
      handlesTerminationSignals: Bool = false
    ) {
      self.host = host
      self.port = port
      self.database = database
      self.databaseFile = databaseFile
      self.readOnly = readOnly
      self.delay = delay
      self.faults = faults
      self.requestLog = requestLog
      self.handlesTerminationSignals = handlesTerminationSignals
    }
  }
}
