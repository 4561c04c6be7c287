import ServiceLifecycle

/// Looks after the browsers' event streams while the preview runs: sends a heartbeat
/// every `interval`, so streams of browsers that went away end, and on graceful shutdown
/// (Ctrl-C) ends every stream so the HTTP server can finish its connections and stop.
///
/// Put it after the HTTP server in a `ServiceGroup`: services shut down in reverse
/// order, so the streams end before the server waits for its connections.
struct EventStreamService: Service {
  let hub: ReloadHub
  var interval: Duration = .seconds(15)

  func run() async throws {
    while !Task.isCancelled && !Task.isShuttingDownGracefully {
      // Returns early (nil) when graceful shutdown starts.
      _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
      if Task.isCancelled || Task.isShuttingDownGracefully { break }
      await hub.heartbeat()
    }
    await hub.close()
  }
}
