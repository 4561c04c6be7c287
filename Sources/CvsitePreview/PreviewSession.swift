import CvsiteMarkdown
import CvsiteSite
import Foundation
import Hummingbird

/// `cvsite serve`: builds the site into a served folder, watches its sources, rebuilds
/// what changed and tells the browsers to reload.
public final class PreviewSession: @unchecked Sendable {
  // `session` is only used on `queue`, one rebuild at a time.
  private let session: SiteSession
  private let folder: LiveFolder
  private let queue = DispatchQueue(label: "cvsite.rebuild")
  public let hub = ReloadHub()
  private var watcher: FileWatcher?
  /// Called after each rebuild with its diagnostics and duration (for the terminal).
  public var onRebuild: (@Sendable (BuildResult, Duration) -> Void)?

  public init(options: BuildOptions) throws {
    session = SiteSession(options: options)
    folder = try LiveFolder.temporary()
  }

  /// The folder being served.
  public var servedFolder: URL { folder.url }

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

  /// Starts watching the site; each debounced batch of changes triggers one rebuild.
  public func startWatching() throws {
    let watcher = try FileWatcher(siteRoot: session.options.siteRoot) { [self] paths in
      Task {
        let result = await self.rebuild(paths)
        await self.announce(result)
      }
    }
    watcher.start()
    self.watcher = watcher
  }

  /// Serves until the process is stopped.
  public func serve(host: String, port: Int) async throws {
    let server = PreviewServer(root: folder.url, hub: hub)
    let app = Application(router: server.makeRouter(), configuration: .init(address: .hostname(host, port: port)))
    try await app.runService()
  }

  /// Stops watching and deletes the served folder.
  public func close() {
    watcher?.stop()
    folder.delete()
  }
}
