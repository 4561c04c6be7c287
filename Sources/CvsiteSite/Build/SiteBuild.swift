import CvsiteCore
import Foundation

/// The one way a site is built: from its options, the state the previous build left
/// (none for `cvsite build`, what `serve` holds for a rebuild) and what changed since.
///
/// A build of the whole site runs the stages in turn, each a value made from the one
/// before: the settings and theme, the loaded trees of pages (``LoadedTree``), each
/// tree's index (``SiteIndex``), and the render, which writes the outputs and hands back
/// what it learned of the pages (``LoadedTree/RenderOutcome``). A rebuild runs the same
/// stages on what the change reaches: the changed pages read again with the same parser,
/// the index kept while no page's navigation key changed, and the pages whose inputs
/// differ rendered with the same render. What no rebuild can follow (settings, theme,
/// folders, the API reference) builds the whole site again.
public enum SiteBuild {
  /// What changed since the state's build.
  public enum Changes: Sendable, Equatable {
    /// Everything (or nothing is known): the whole site is built.
    case everything
    /// These site paths (`content/a.md`, `static/x.css`, `themes/...`, `cvsite.yml`).
    case paths([String])
  }

  /// Builds what `changed` reaches of the site `options` names, from `state` (what the
  /// previous build left), into `sink`, and leaves in `state` what this build made.
  ///
  /// With ``BuildOptions/keepsState`` (`serve`) nothing is written unless the build has
  /// no error, so a failed rebuild leaves the served site as it was, and only files
  /// whose bytes changed are written; the next build redoes what a failed one did not
  /// write. Without it the build writes straight into `sink` (a staging folder that the
  /// caller discards on error).
  public static func run(
    _ options: BuildOptions, changed: Changes, state: inout BuiltSite, into sink: any OutputSink,
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) -> BuildResult {
    guard case .paths(let paths) = changed, options.keepsState, state.keepsRenders, state.outputsInPlace,
      !state.trees.isEmpty
    else {
      return options.keepsState
        ? rebuildWhole(options, state: &state, into: sink)
        : buildWhole(options, state: &state, into: sink, progress: progress)
    }
    if contentFolderIsGone(paths, state: state, siteRoot: options.siteRoot) {
      return contentFolderGone(state: &state, from: sink)
    }
    guard !paths.contains(where: { needsWholeSite($0, state: state, siteRoot: options.siteRoot) }) else {
      return rebuildWhole(options, state: &state, into: sink)
    }
    let update =
      state.hasSeveralTrees
      ? updateTrees(options, changed: paths, state: &state, into: sink)
      : state.trees[0].update(options, changed: paths, writtenFiles: &state.writtenFiles, into: sink)
    switch update {
    case .wholeSite: return rebuildWhole(options, state: &state, into: sink)
    case .done(let result): return result
    }
  }

  /// Builds the whole site straight into `sink`.
  static func buildWhole(
    _ options: BuildOptions, state: inout BuiltSite, into sink: any OutputSink,
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) -> BuildResult {
    // Nothing is kept of an earlier build: its pages would stay alive beside the new.
    state = BuiltSite()
    state.keepsRenders = options.keepsState
    let result = loadAndRender(options, state: &state, into: sink, progress: progress)
    state.outputsInPlace = result.succeeded
    return result
  }

  /// Builds the whole site again into memory, then writes what changed and removes what
  /// is no longer made; a failed build writes nothing.
  static func rebuildWhole(_ options: BuildOptions, state: inout BuiltSite, into sink: any OutputSink)
    -> BuildResult
  {
    // What is in `sink` now: the files of the last build that was written.
    var written = state.writtenFiles
    let memory = MemorySink()
    var result = buildWhole(options, state: &state, into: memory)
    state.writtenFiles = written
    guard result.succeeded else {
      state.outputsInPlace = false
      return result
    }
    do {
      let changed = try memory.flush(into: sink, known: &written)
      (result.fileCount, result.changedOutputs) = (changed.count, changed)
    } catch {
      state.writtenFiles = written
      state.outputsInPlace = false
      result.diagnostics.append(.ioFailure("cannot write the output", error))
      return result
    }
    let outputs = state.outputs
    for stale in written.paths.subtracting(outputs).sorted() {
      try? sink.remove(stale)
      written.forget(stale)
    }
    state.writtenFiles = written
    return result
  }

  /// Whether a change to `path` is one a rebuild of pages cannot follow: the settings,
  /// the theme, a folder's category file, a blog's post, any page of a site whose pages
  /// are rewritten to other paths, a whole folder that came or went, or an input of the
  /// API reference.
  static func needsWholeSite(_ path: String, state: BuiltSite, siteRoot: URL) -> Bool {
    let config = state.config
    if path == config.settingsFile || path == "cvsite.yml" || config.settingsInputs.contains(path)
      || path.hasPrefix("themes/") || path.hasPrefix("layouts/")
      || FolderCategory.fileNames.contains(String(path.split(separator: "/").last ?? ""))
      || config.blog.map({ path.hasPrefix($0.folder + "/") }) == true || !config.rewrites.rules.isEmpty
    {
      return true
    }
    return state.trees.contains { built in
      guard let tree = built.tree else { return false }
      return isFolderChange(path, in: tree, siteRoot: siteRoot) || changesReference(path, in: tree)
    }
  }

  /// Whether `path` is a whole folder of content or static files that came or went (a
  /// folder moved in or out, `content/` itself): page by page updates cannot follow
  /// that, a full rebuild does.
  private static func isFolderChange(_ path: String, in tree: LoadedTree, siteRoot: URL) -> Bool {
    let folder = tree.config.contentFolder
    if path == folder || path == "static" { return true }
    guard path.hasPrefix(folder + "/") || path.hasPrefix("static/"), ContentFile.markdownExtensionLength(path) == nil
    else { return false }
    if FileKind(following: siteRoot.appendingPathComponent(path).path) == .folder { return true }
    let inside = path + "/"
    return tree.pages.keys.contains { $0.hasPrefix(inside) }
      || (tree.staticFiles + tree.resources).contains { $0.sitePath.hasPrefix(inside) }
  }

  /// Whether `path` is a symbol graph, or a page the API reference is made with (one
  /// that extends a symbol's page, or the module's page it adds topics to): the
  /// reference is made again with everything else.
  private static func changesReference(_ path: String, in tree: LoadedTree) -> Bool {
    guard let api = tree.place.api else { return false }
    return path.hasSuffix(".symbols.json") || api.extensionPages.contains(path) || api.sources.files[path] != nil
  }

  /// Whether the change took the site's folder of pages away.
  private static func contentFolderIsGone(_ paths: [String], state: BuiltSite, siteRoot: URL) -> Bool {
    let folder = state.config.contentFolder
    return paths.contains { $0 == folder || $0.hasPrefix(folder + "/") }
      && FileKind(following: siteRoot.appendingPathComponent(folder).path) != .folder
  }

  /// `content/` was moved or deleted while serving: serve what a build would make of
  /// the site now (no pages: every path a 404) and say why, rather than the old pages.
  private static func contentFolderGone(state: inout BuiltSite, from sink: any OutputSink) -> BuildResult {
    for stale in state.writtenFiles.paths.sorted() { try? sink.remove(stale) }
    let config = state.config
    state = BuiltSite()
    state.config = config
    state.keepsRenders = true
    return .failed([missingContentFolder(config.contentFolder)])
  }

  /// The error of a site without its folder of pages (never made, moved or deleted).
  static func missingContentFolder(_ folder: String) -> Diagnostic {
    Diagnostic(.error, "the site has no \(folder)/ folder (moved or deleted?): its pages go there")
  }
}
