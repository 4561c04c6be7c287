import CvsiteSite
import Foundation
import Hummingbird
import HummingbirdCore
import NIOCore
import ServiceLifecycle

/// `cvsite serve`: builds the site into a served folder, watches its sources, rebuilds
/// what changed and tells the browsers to reload.
public final class PreviewSession: @unchecked Sendable {
  // `session` is only used on `queue`, one rebuild at a time.
  private let session: SiteSession
  private let folder: LiveFolder
  private let queue = DispatchQueue(label: "cvsite.rebuild")
  let hub = ReloadHub()
  private var watcher: FileWatcher?
  private let changes = ChangeQueue()
  private var rebuildLoop: Task<Void, Never>?
  /// Called after each rebuild with its diagnostics and duration (for the terminal).
  public var onRebuild: (@Sendable (BuildResult, Duration) -> Void)?

  /// A preview of the site `options` names, served from a new temporary folder.
  public init(options: BuildOptions) throws {
    session = SiteSession(options: options)
    folder = try LiveFolder.temporary()
  }

  /// The folder being served.
  var servedFolder: URL { folder.url }

  /// Builds everything once; returns the result (a failed first build still serves the
  /// overlay over an empty site).
  public func initialBuild() async -> BuildResult {
    await withCheckedContinuation { continuation in
      queue.async { [self] in
        let result = session.update(changed: ["cvsite.yml"], into: folder)
        continuation.resume(returning: result)
      }
    }
  }

  /// Rebuilds after `paths` changed and announces the result.
  public func rebuild(_ paths: [String]) async -> BuildResult {
    await withCheckedContinuation { continuation in
      queue.async { [self] in
        let clock = ContinuousClock()
        let start = clock.now
        let result = session.update(changed: paths, into: folder)
        onRebuild?(result, clock.now - start)
        continuation.resume(returning: result)
      }
    }
  }

  /// Announces a build's result to the browsers.
  public func announce(_ result: BuildResult) async {
    let shown = result.diagnostics.filter { $0.severity != .note }
    if result.succeeded {
      await hub.buildSucceeded(diagnostics: shown)
    } else {
      await hub.buildFailed(diagnostics: shown)
    }
  }

  /// Starts watching the site, builds it and announces that build, then rebuilds and
  /// announces changes one batch after another. Watching starts first, so a file saved
  /// during the first build is rebuilt right after it rather than missed.
  public func start() async throws -> BuildResult {
    try watch()
    let first = await initialBuild()
    await announce(first)
    startRebuilding()
    return first
  }

  /// Starts watching the site (after `initialBuild` and `announce`); changes are rebuilt
  /// and announced one batch after another.
  public func startWatching() throws {
    startRebuilding()
    try watch()
  }

  private func watch() throws {
    let changes = self.changes
    let watcher = try FileWatcher(siteRoot: session.options.siteRoot) { paths in changes.add(paths) }
    watcher.start()
    self.watcher = watcher
  }

  /// Queues changed paths for the rebuild loop (the watcher's callback).
  func enqueue(_ paths: [String]) { changes.add(paths) }

  /// Starts the loop that rebuilds queued changes and announces each result, in order:
  /// one rebuild at a time, and every announcement after the previous one, so a failed
  /// build can never be announced after the good one that followed it.
  func startRebuilding() {
    guard rebuildLoop == nil else { return }
    let changes = self.changes
    rebuildLoop = Task { [self] in
      for await _ in changes.wakeUps {
        let paths = changes.takeAll()
        guard !paths.isEmpty else { continue }
        let result = await rebuild(paths)
        await announce(result)
      }
    }
  }

  /// Serves until the process gets SIGINT or SIGTERM (or the task is cancelled).
  /// `onRunning` is called with the port once the server listens.
  public func serve(host: String, port: Int, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws
  {
    try await serviceGroup(host: host, port: port, stopsOnSignals: true, onServerRunning: onRunning).run()
  }

  /// The HTTP server, then the service that ends the event streams on shutdown (services
  /// stop in reverse order, so the streams end first and the server can finish).
  /// `stopsOnSignals`: shut down gracefully on SIGINT and SIGTERM. `onServerRunning` gets
  /// the port the server listens on.
  /// `idleTimeout` closes connections that send nothing (or stop halfway through a
  /// request) for that long, and at most `maximumConnections` are open at once: a
  /// preview left running must not collect sockets.
  func serviceGroup(
    host: String, port: Int, stopsOnSignals: Bool, idleTimeout: TimeAmount = .seconds(30),
    maximumConnections: Int = 256, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> ServiceGroup {
    let server = PreviewServer(root: folder.url, hub: hub)
    let app = Application(
      router: server.makeRouter(), server: .http1(configuration: .init(idleTimeout: idleTimeout)),
      configuration: .init(
        address: .hostname(host, port: port),
        availableConnectionsDelegate: MaximumAvailableConnections(maximumConnections)),
      onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) })
    return ServiceGroup(
      configuration: .init(
        services: [app, EventStreamService(hub: hub)],
        gracefulShutdownSignals: stopsOnSignals ? [.sigterm, .sigint] : [], logger: app.logger))
  }

  /// Stops watching and rebuilding, and deletes the served folder.
  public func close() {
    watcher?.stop()
    changes.finish()
    rebuildLoop?.cancel()
    folder.delete()
  }
}
