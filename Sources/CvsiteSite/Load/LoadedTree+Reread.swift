import CvsiteCore
import CvsiteMarkdown
import Foundation

/// What reading changed files again did to a tree.
struct TreeChange: Sendable {
  /// The pages read again, come or gone (site paths).
  var pages: Set<String> = []
  /// Of those, the pages whose entry in their section's listing (summary, values) changed.
  var listings: Set<String> = []
  /// Whether a page's navigation key changed, or a page came or went.
  var navigation = false
  /// Whether files other than pages changed.
  var files = false
  /// Pages that arrived beside one whose name differs only by case or Unicode
  /// normalisation: errors, and not read.
  var lookalikes: [Diagnostic] = []
}

extension LoadedTree {
  /// Reads the changed files among `paths` (site-relative) again with the parser the
  /// load uses: a page edited, come or gone, and the pages that include a changed file.
  mutating func reread(_ paths: [String]) -> TreeChange {
    let parser = parser(catalog: catalogIndex())
    let folder = config.contentFolder
    var change = TreeChange()
    // A file pages include (a partial, a snippet) changes those pages.
    var changedPaths = Set(paths)
    for (pagePath, parsed) in pages
    where !parsed.includes.isEmpty && parsed.includes.contains(where: changedPaths.contains) {
      changedPaths.insert(pagePath)
    }
    for path in changedPaths {
      let url = options.siteRoot.appendingPathComponent(path)
      let exists = FileManager.default.fileExists(atPath: url.path)
      if path.hasPrefix(folder + "/") && ContentFile.markdownExtensionLength(path) != nil {
        let relative = String(path.dropFirst(folder.count + 1))
        if config.excludedPages.excludes(relative) { continue }
        // `_part.mdx`: a partial, no page (the pages that include it were added above).
        let name = String(relative.split(separator: "/").last ?? "")
        if name.hasPrefix("_"), ContentFile.Kind.ofMarkdownFile(named: name) == .page,
          !ContentFile.isSectionIndexInALanguage(name)
        {
          continue
        }
        let previous = pages[path]?.page
        // A page that arrives beside one whose name differs only by case or Unicode
        // normalisation (which the dictionary of pages takes for the same path) is the
        // error a full build gives, and is not read over the other.
        let twins: [String]
        if let stored = pages.index(forKey: path).map({ pages.keys[$0] }) {
          twins = stored.utf8.elementsEqual(path.utf8) ? [] : [stored]
        } else {
          let key = LookalikeNames.key(path)
          twins = pages.compactMap { $0.value.isImplicit || LookalikeNames.key($0.key) != key ? nil : $0.key }
        }
        if exists, !twins.isEmpty {
          change.lookalikes += LookalikeNames.problems(twins + [path])
          continue
        }
        if exists {
          let kind = ContentFile.Kind.ofMarkdownFile(named: url.lastPathComponent)
          let file =
            place.languageTree?.files.first { $0.sitePath == path }
            ?? ContentFile(sitePath: path, relativePath: relative, kind: kind, url: url)
          let parsed = parser.parse(file)
          pages[path] = parsed
          if previous.map({ $0.navigationKey != parsed.page.navigationKey }) ?? true {
            change.navigation = true
          }
          if previous.map({ $0.summary != parsed.page.summary || $0.values != parsed.page.values }) ?? true {
            change.listings.insert(path)
          }
        } else if previous != nil, twins.isEmpty {
          pages[path] = nil
          change.navigation = true
        }
        change.pages.insert(path)
      } else if path.hasPrefix(folder + "/") || path.hasPrefix("static/") {
        change.files = true
      }
    }
    // Only pages coming, going or changing their draft flag or URL change which folders
    // need a made-up section, and each of those changes the navigation.
    if change.navigation { reconcileImplicitSections(parser: parser) }
    return change
  }

  /// Lists the static files and the pages folder's other files again.
  mutating func rescanFiles() {
    let folder = config.contentFolder
    staticFiles = ContentScanner.scan("static", in: options.siteRoot, holdsPages: false).0
    resources = ContentScanner.scan(folder, in: options.siteRoot, holdsPages: true).0.filter {
      $0.kind == .resource && !config.excludedPages.excludes($0.relativePath) && !FolderCategory.holds($0)
    }
  }

  /// Every problem the pages' last reading found.
  var problems: [Diagnostic] { pages.values.flatMap(\.diagnostics) }

  /// The site path of the section page that lists `page`, if there is one.
  func sectionPage(of page: SitePage) -> String? {
    let section = page.parentSection
    return pages.values.first { $0.page.isSectionIndex && $0.page.sectionPath == section }?.page.sitePath
  }
}
