/// A folder of `content/` with pages but no `_index.md` is still a section: it gets a
/// page of its own, titled after the folder and listing its pages, so the navigation,
/// listings and links reach what it holds. Writing an `_index.md`, or a page at the
/// folder's address, replaces it; a draft one does so only in a build with drafts.
extension LoadedTree {
  /// Adds the section pages that folders lack and drops those no longer needed (the
  /// folder got an `_index.md`, or lost its last page). Returns whether anything changed.
  @discardableResult
  mutating func reconcileImplicitSections(parser: PageParser) -> Bool {
    // A DocC catalog's folders are no pages: its pages have URLs of their own.
    guard config.docc == nil else { return false }
    var needed = Set<[String]>()
    var written = Set<[String]>()
    for parsed in pages.values where !parsed.isImplicit {
      let page = parsed.page
      let published = options.drafts || !page.metadata.draft
      if page.isSectionIndex && published { written.insert(page.sectionPath) }
      guard published else { continue }
      // A page at a folder's address is that folder's page: given it by `slug: /` (as
      // Docusaurus makes its first page the home), or written beside the folder
      // (`blog.md` beside `blog/`, as VitePress publishes both).
      // (Its address is read inside the tree: `/pl/guide/` is the folder `guide`.)
      if !page.isSectionIndex {
        var address = Substring(PageURL.decoded(page.url))
        if !config.treeFolder.isEmpty, address.hasPrefix("/" + config.treeFolder) {
          address = address.dropFirst(config.treeFolder.count)
        }
        written.insert(address.split(separator: "/").map(String.init))
      }
      var folders = page.parentSection
      while needed.insert(folders).inserted, !folders.isEmpty { folders.removeLast() }
    }
    let missing = needed.subtracting(written)
    var changed = false
    for (path, parsed) in pages where parsed.isImplicit && !missing.contains(parsed.page.sectionPath) {
      pages[path] = nil
      changed = true
    }
    for folders in missing {
      let path = config.contentFolder + "/" + (folders + ["_index.md"]).joined(separator: "/")
      // A draft `_index.md` that this build does not publish gives way: its folder still
      // needs a page. (Its problems were reported when it was read.)
      if let existing = pages[path], existing.isImplicit || options.drafts || !existing.page.metadata.draft { continue }
      pages[path] = parser.implicitSection(folders: folders)
      changed = true
    }
    return changed
  }
}
