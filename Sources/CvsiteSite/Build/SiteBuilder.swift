import CvsiteCore
import CvsiteMarkdown
import Foundation

/// One-shot builds: `cvsite build` and `cvsite check`.
public enum SiteBuilder {
  /// The result of a build, and an I/O failure that stopped it (exit status 2).
  public struct Outcome: Sendable {
    /// What the build did and found.
    public var result: BuildResult
    /// A file-system failure that stopped the build (exit 2), if any.
    public var ioFailure: String?
  }

  /// Builds the site into its output folder through a staging folder that replaces the
  /// output only when the build has no error.
  ///
  /// `releasesMemory: false` is for a process that exits right after: the pages, their
  /// bodies and the site-wide tables are then left to the operating system instead of
  /// being freed one by one, which on 10,000 pages took about 30 ms after the output
  /// was in place.
  public static func build(
    _ options: BuildOptions, progress: (@Sendable (Int, Int) -> Void)? = nil, releasesMemory: Bool = true
  ) -> Outcome {
    let output = options.outputFolder
    if let refusal = OutputFolder.validate(output, siteRoot: options.siteRoot) {
      return Outcome(result: .failed([]), ioFailure: refusal.message)
    }
    let folder: OutputFolder
    do {
      folder = try OutputFolder.prepare(output)
    } catch {
      return Outcome(
        result: .failed([]),
        ioFailure: "cannot create the output folder: \(describeIOError(error))")
    }
    var state = BuiltSite()
    let result = SiteBuild.run(options, changed: .everything, state: &state, into: folder, progress: progress)
    if !releasesMemory { _ = Unmanaged.passRetained(KeptState(state)) }
    guard result.succeeded else {
      folder.discard()
      return Outcome(result: result, ioFailure: nil)
    }
    do {
      try folder.commit(jobs: options.jobs)
    } catch {
      folder.discard()
      return Outcome(result: result, ioFailure: "cannot replace \(output.path): \(describeIOError(error))")
    }
    return Outcome(result: result, ioFailure: nil)
  }

  /// Everything a build checks, without writing.
  public static func check(_ options: BuildOptions) -> BuildResult {
    var options = options
    options.isCheckOnly = true
    var state = BuiltSite()
    return SiteBuild.run(options, changed: .everything, state: &state, into: DiscardingSink())
  }
}

/// What a build left, kept alive until the process exits (``SiteBuilder/build(_:progress:releasesMemory:)``).
private final class KeptState: Sendable {
  let state: BuiltSite
  init(_ state: BuiltSite) { self.state = state }
}

extension BuildOptions {
  /// The output folder actually used: `public/` in the site, or where the generator the
  /// project was made for writes (`site/` in an MkDocs project).
  public var outputFolder: URL {
    output ?? siteRoot.appendingPathComponent(SiteSettings.defaultOutputFolder(in: siteRoot, named: settingsFile))
  }
}
