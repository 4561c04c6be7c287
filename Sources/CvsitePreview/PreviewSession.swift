import CvsiteSite
import Foundation
import Hummingbird
import HummingbirdCore
import NIOCore
import ServiceLifecycle
import Synchronization

/// `cvsite serve`: builds the site into memory, serves it, watches its sources, rebuilds
/// what changed and tells the browsers to reload.
public final class PreviewSession: Sendable {
  /// What the last build left: rebuilt on `queue`, one rebuild at a time.
  private let held: Mutex<Held>
  private let siteRoot: URL
  private let settingsFile: String?
  /// The files served: the last good build's.
  let served = ServedFiles()
  private let queue = DispatchQueue(label: "cvsite.rebuild")
  let hub = ReloadHub()
  private let changes = ChangeQueue()
  /// What runs beside the rebuilds: the watcher, the rebuild loop, the report.
  private struct Running {
    var watcher: FileWatcher?
    var rebuildLoop: Task<Void, Never>?
    var onRebuild: (@Sendable (BuildResult, Duration) -> Void)?
  }
  private let running = Mutex(Running())

  /// Called after each rebuild with its diagnostics and duration (for the terminal).
  public var onRebuild: (@Sendable (BuildResult, Duration) -> Void)? {
    get { running.withLock { $0.onRebuild } }
    set { running.withLock { $0.onRebuild = newValue } }
  }

  /// A preview of the site `options` names.
  public init(options: BuildOptions) {
    var options = options
    options.keepsState = true
    held = Mutex(Held(options))
    siteRoot = options.siteRoot
    settingsFile = options.settingsFile
  }

  /// Builds everything once; returns the result (a failed first build still serves the
  /// overlay over an empty site).
  public func initialBuild() async -> BuildResult {
    await withCheckedContinuation { continuation in
      queue.async { [self] in
        let result = held.withLock { $0.build(.everything, into: served) }
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
        let result = held.withLock { $0.build(.paths(paths), into: served) }
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
    let watcher = try FileWatcher(siteRoot: siteRoot, settingsFile: settingsFile) { paths in changes.add(paths) }
    watcher.start()
    running.withLock { $0.watcher = watcher }
  }

  /// Queues changed paths for the rebuild loop (the watcher's callback).
  func enqueue(_ paths: [String]) { changes.add(paths) }

  /// Starts the loop that rebuilds queued changes and announces each result, in order:
  /// one rebuild at a time, and every announcement after the previous one, so a failed
  /// build can never be announced after the good one that followed it.
  func startRebuilding() {
    let changes = self.changes
    running.withLock { running in
      guard running.rebuildLoop == nil else { return }
      running.rebuildLoop = Task { [self] in
        for await _ in changes.wakeUps {
          let paths = changes.takeAll()
          guard !paths.isEmpty else { continue }
          let result = await rebuild(paths)
          await announce(result)
        }
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
  /// preview left running must not collect sockets. Both leave room for a browser's
  /// dozens of connections and its event stream (a request in progress, never idle),
  /// while hundreds of connections that never finish their headers neither fill the
  /// cap nor hold it for long (half the default limit of 1,024 open files a process).
  func serviceGroup(
    host: String, port: Int, stopsOnSignals: Bool, idleTimeout: TimeAmount = .seconds(5),
    maximumConnections: Int = 512, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> ServiceGroup {
    let server = PreviewServer(root: served, hub: hub)
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

  /// Stops watching and rebuilding, and drops the served files.
  public func close() {
    let (watcher, loop) = running.withLock { ($0.watcher, $0.rebuildLoop) }
    watcher?.stop()
    changes.finish()
    loop?.cancel()
    served.removeAll()
  }
}

/// What a preview's last build left, on the heap: the lock holds a reference to it, not
/// the state's own large value. (Held inline, the value was written past its place in
/// the preview object on Linux with Swift 6.3: the served files' reference beside it was
/// overwritten.)
private final class Held {
  let options: BuildOptions
  var state = BuiltSite()
  init(_ options: BuildOptions) { self.options = options }

  /// Builds what `changed` reaches, from the state the last build left.
  func build(_ changed: SiteBuild.Changes, into sink: any OutputSink) -> BuildResult {
    SiteBuild.run(options, changed: changed, state: &state, into: sink)
  }
}
