import CvsiteCore
import Foundation

/// What a build leaves for the next one: the site's trees as loaded, indexed and
/// rendered, and the files in place.
///
/// ``SiteBuild/run(_:changed:state:into:progress:)`` reads it and replaces it: `cvsite build`
/// starts from an empty one and drops it, `serve` holds it between rebuilds so that a
/// rebuild reads and renders only what a change reaches.
public struct BuiltSite: Sendable {
  /// The site's settings as the build read them.
  var config = SiteConfig()
  /// A tree per language of each version, the default language of the newest version
  /// first; one for a site of one language and version.
  var trees: [BuiltTree] = []
  /// Whether the trees keep their pages' bodies and what each page was rendered from
  /// (``BuildOptions/keepsState``).
  var keepsRenders = false
  /// Whether the outputs of `trees` are in place: false before the first build, and
  /// after a build of the whole site that failed (the files of an earlier one stay, the
  /// trees do not match them).
  var outputsInPlace = false
  /// The bytes of each file in place (kept with ``BuildOptions/keepsState``): a rebuild
  /// writes only the files whose bytes changed and removes those no longer made.
  var writtenFiles = WrittenFiles()
  /// The files of the whole site besides each tree's (the sitemap and `versions.json`
  /// of a site of several trees).
  var sharedOutputs: Set<String> = []

  /// The state before any build.
  public init() {}

  /// Whether the site has several trees (languages or versions).
  var hasSeveralTrees: Bool { config.languages != nil || config.versions != nil }

  /// Every output of the last build.
  var outputs: Set<String> { trees.reduce(into: sharedOutputs) { $0.formUnion($1.writtenOutputs) } }
}

/// One tree of a site (a language of a version, or the whole site): its pages as
/// loaded, its index, and what its last render made.
struct BuiltTree: Sendable {
  /// The tree's settings: the site's, with its language, folder and version.
  var config: SiteConfig
  /// The loaded pages and files; nil only while a render has them, or when the tree's
  /// theme words could not be read.
  var tree: LoadedTree?
  /// The index of `tree`, kept while no page's navigation key changes; nil until the
  /// next render makes it again.
  var index: SiteIndex?
  /// What this tree knows of the other trees of its site.
  var links = TreeLinks()
  /// The memo of the last render whose files are in place; nil when renders keep none.
  var remembered: RenderMemo?
  /// What the last search index whose files are in place numbered and wrote.
  var search = SearchState()
  /// How many reading orders of the tree's pages were made (a ``SiteIndex``'s `order`).
  var ordersMade = 0
  /// The outputs the tree's last render made.
  var writtenOutputs: Set<String> = []
  /// Changes not yet written because a rebuild failed: redone by the next rebuild.
  var pending = PendingChanges()

  /// A tree of `config` to be loaded; `keepsRenders` keeps a memo of its renders.
  init(config: SiteConfig, keepsRenders: Bool) {
    self.config = config
    remembered = keepsRenders ? RenderMemo() : nil
  }

  /// Parsed pages by site path, drafts included.
  var pages: [String: ParsedSitePage] { tree?.pages ?? [:] }

  /// Renders the loaded tree with its index (made first when there is none), and keeps
  /// the index the render completed; nil when no tree is loaded.
  mutating func render(
    into sink: any OutputSink, only: Set<String>? = nil, copyFiles: Bool = true,
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) -> LoadedTree.RenderOutcome? {
    // Taken out while it renders, so that its pages are changed in place, not copied.
    guard var loaded = tree.take() else { return nil }
    defer { tree = loaded }
    let wide =
      index
      ?? {
        ordersMade += 1
        return loaded.makeIndex(order: ordersMade)
      }()
    let request = LoadedTree.RenderRequest(
      only: only, copyFiles: copyFiles, memo: remembered, reread: pending.pages, search: search, progress: progress)
    let outcome = loaded.render(wide, links: links, request: request, into: sink)
    var made = outcome.index
    // A kept tree keeps the published pages in the index: an edit replaces its own.
    if remembered != nil, made.published == nil { made.published = made.published(in: loaded.pages) }
    index = made
    return outcome
  }
}

/// Changes not written yet because a rebuild failed: redone by the next.
struct PendingChanges: Sendable {
  /// The pages read again.
  var pages: Set<String> = []
  /// Of those, the pages whose entry in their section's listing (summary, values)
  /// changed: their section's page is rendered again too.
  var listings: Set<String> = []
  /// Whether a page's navigation key changed (or a page came or went).
  var navigation = false
  /// Whether files other than pages changed.
  var files = false
}
