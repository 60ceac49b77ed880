import ServiceLifecycle

/// `--watch`: looks at the database file every ``interval`` and has the ``FixtureStore`` take in hand edits
/// (``FixtureStore/reloadIfChanged()``). A service of the server's group: it stops with the server.
///
/// Polling rather than file-change notifications: it sees an editor's rename-over and an in-place write alike, on
/// any file system, and a poll that finds the file unchanged costs one `stat`.
struct DatabaseWatcher: Service {
  let store: FixtureStore
  /// The time between two looks (``FixtureServer/Configuration/watchInterval``).
  let interval: Duration

  func run() async throws {
    await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        do {
          try await Task.sleep(for: interval)
        } catch {
          return
        }
        await store.reloadIfChanged()
      }
    }
  }
}
