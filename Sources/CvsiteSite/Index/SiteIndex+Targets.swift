import CvsiteCore
import CvsiteMarkdown
import CvsiteThemes
import Foundation

extension LoadedTree {
  /// A page of the site at the address of a taxonomy's page, which would overwrite it.
  func taxonomyCollisions(_ published: [SitePage], _ taxonomies: TaxonomyIndex) -> [Diagnostic] {
    let made = Set(taxonomies.urls)
    return published.filter { made.contains($0.url) }.map { page in
      Diagnostic(
        .error,
        "\(page.url) is also a page cvsite makes for a taxonomy (`taxonomies` in cvsite.yml); move the page or leave the taxonomy out",
        at: SourceLocation(path: page.sitePath, line: 1, column: 1))
    }
  }

  /// Two pages (or a page and an alias) at one URL are errors at each page.
  func urlCollisions(_ published: [SitePage]) -> [Diagnostic] {
    // Each URL's owners: the page and the line that gives it the URL (`slug:` or
    // `aliases:`, else line 1).
    var owners: [String: [(path: String, line: Int)]] = [:]
    for page in published {
      owners[page.url, default: []].append((page.sitePath, page.metadata.slugLine ?? 1))
      for alias in page.metadata.aliases {
        owners[LinkChecker.normalize(PageURL.canonical(alias + "/")), default: []].append(
          (page.sitePath, page.metadata.aliasesLine ?? 1))
      }
    }
    var diagnostics: [Diagnostic] = []
    for (url, claims) in owners where claims.count > 1 {
      let paths = claims.map(\.path)
      var reported = Set<String>()
      for claim in claims.sorted(by: { $0.path < $1.path }) where reported.insert(claim.path).inserted {
        let others = paths.filter { $0 != claim.path }
        diagnostics.append(
          Diagnostic(
            .error, "two pages map to \(url): \(([claim.path] + others).joined(separator: " and "))",
            at: SourceLocation(path: claim.path, line: claim.line, column: 1)))
      }
    }
    return diagnostics
  }

  /// An output file and who writes it.
  typealias OwnedOutput = (path: String, owner: OutputOwner)

  /// Every output file and who writes it.
  func outputOwners(_ published: [SitePage], index wide: SiteIndex) -> [OwnedOutput] {
    var owners: [OwnedOutput] = []
    owners.reserveCapacity(published.count + staticFiles.count + resources.count + theme.assets.count + 3)
    for page in published {
      owners.append((page.outputPath, .page(page.sitePath, line: page.metadata.slugLine ?? 1)))
      if page.isSectionIndex, page.metadata.list != nil, let perPage = page.metadata.paginate, perPage > 0 {
        let listed = Listings.positions(of: page, in: published, navigation: wide.navigation).count
        let parts = (listed + perPage - 1) / perPage
        if parts > 1 {
          for part in 2...parts {
            owners.append(
              (
                PageURL.outputPath(for: Listings.partURL(of: page, part: part)),
                .listing(page.sitePath, part: part)
              ))
          }
        }
      }
      for alias in page.metadata.aliases {
        owners.append(
          (PageURL.outputPath(for: alias), .alias(page.sitePath, alias: alias, line: page.metadata.aliasesLine ?? 1)))
      }
    }
    for made in wide.taxonomyPages {
      let path = PageURL.outputPath(for: made.url)
      owners.append((path, .taxonomy(path)))
    }
    if config.search {
      // The search index's files: its meta file, and folders whose files it numbers.
      let folder = config.searchPath
      owners.append((folder + "/meta.json", .generated(folder + "/meta.json")))
      for part in ["t", "r", "p"] {
        owners.append((folder + "/" + part, .generated("search index (\(folder)/\(part)/)")))
      }
    }
    let folder = config.treeFolder
    if place.languageTree == nil || place.writesSharedFiles {
      owners.append(("sitemap.xml", .generated("sitemap.xml")))
    }
    if wide.feedURL != nil { owners.append((folder + "atom.xml", .generated(folder + "atom.xml"))) }
    if !wide.hasNotFoundPage {
      owners.append((folder + "404.html", .generated(folder + "404.html")))
    }
    for file in resources { owners.append((folder + file.relativePath, .file(file.sitePath))) }
    if place.writesSharedFiles {
      for file in staticFiles { owners.append((file.relativePath, .file(file.sitePath))) }
      for asset in theme.assets { owners.append((asset.outputPath, .asset(asset.outputPath))) }
    }
    return owners
  }

  /// Where the links of this tree's pages may lead: its pages (with their ids when
  /// known) and aliases, the other trees' pages, and every file written.
  func linkTargets(_ published: [SitePage], links: TreeLinks, extraPages: [String] = []) -> LinkChecker {
    var checker = LinkChecker(basePath: config.basePath)
    checker.scriptURLsAsWritten = config.tolerant && config.trustsRawHTML
    checker.resolvesFromPageFolder = config.linksFromPageFolder
    checker.contentFolder = config.contentFolder
    checker.originals = links.originals
    checker.treeFolder = config.treeFolder
    checker.sources = place.sources
    // Another language's pages are places a link may lead, its own first.
    for (url, ids) in links.otherLanguages { checker.addPage(url: url, ids: ids, merging: true) }
    for url in extraPages { checker.addPage(url: url, html: "") }
    for page in published {
      if let ids = pages[page.sitePath]?.ids {
        checker.addPage(url: page.url, ids: ids, merging: true)
      } else {
        checker.addPage(url: page.url, html: page.bodyHTML)
      }
      for alias in page.metadata.aliases {
        checker.addPage(url: LinkChecker.normalize(PageURL.canonical(alias + "/")), html: "")
      }
      checker.addSource(page.contentPath, url: page.url, title: page.metadata.title)
    }
    let folder = config.treeFolder
    for file in staticFiles { checker.addFile(path: file.relativePath) }
    for file in resources { checker.addFile(path: folder + file.relativePath) }
    for asset in theme.assets { checker.addFile(path: asset.outputPath) }
    for file in ["sitemap.xml", folder + "atom.xml", folder + "404.html"] { checker.addFile(path: file) }
    return checker
  }

}

extension LoadedTree {
  /// Where links lead, and which outputs collide: in a project of another generator,
  /// once the files that yield their place are left out (``yieldingOutputs(_:)``).
  func targets(_ published: [SitePage], index wide: SiteIndex, links: TreeLinks) -> SiteIndex.Targets {
    var owners = outputOwners(published, index: wide)
    var uncopied: Set<String> = []
    var warnings: [Diagnostic] = []
    if config.tolerant { (owners, uncopied, warnings) = yieldingOutputs(owners) }
    return SiteIndex.Targets(
      links: linkTargets(published, links: links, extraPages: wide.taxonomies.urls),
      outputCollisions: outputCollisions(owners), uncopied: uncopied, yieldedOutputs: warnings)
  }

  /// What another generator writes over without a word, in its projects: a file copied
  /// where a page is published gives way to the page (MkDocs writes its pages after its
  /// files), with a warning; of files with the same bytes at one place, the first is
  /// copied. Returns the owners left, the files not copied (site paths) and the warnings.
  func yieldingOutputs(_ owners: [OwnedOutput]) -> (
    owners: [OwnedOutput], uncopied: Set<String>, warnings: [Diagnostic]
  ) {
    var byPath: [String: [OutputOwner]] = [:]
    var shared = Set<String>()
    for (path, owner) in owners {
      if byPath[path] != nil { shared.insert(path) }
      byPath[path, default: []].append(owner)
    }
    guard !shared.isEmpty else { return (owners, [], []) }
    let files = Dictionary((resources + staticFiles).map { ($0.sitePath, $0) }, uniquingKeysWith: { first, _ in first })
    var uncopied = Set<String>()
    var warnings: [Diagnostic] = []
    for path in shared.sorted() {
      let claims = byPath[path] ?? []
      let copied = claims.compactMap { owner -> String? in
        if case .file(let source) = owner { return source }
        return nil
      }
      guard !copied.isEmpty else { continue }
      if let page = claims.first(where: \.isPage) {
        for source in copied {
          uncopied.insert(source)
          warnings.append(
            Diagnostic(
              .warning,
              "\(source) is not copied: \(page.name) is published at \(path), as the project's generator does",
              at: SourceLocation(path: source, line: 1, column: 1)))
        }
      } else if copied.count == claims.count, let first = copied.first {
        let bytes = self.bytes(of: files[first])
        for source in copied.dropFirst() where bytes != nil && self.bytes(of: files[source]) == bytes {
          uncopied.insert(source)
        }
      }
    }
    let kept = owners.filter { owner in
      if case .file(let source) = owner.owner { return !uncopied.contains(source) }
      return true
    }
    return (kept, uncopied, warnings)
  }

  /// The bytes of a file to copy, from the git reference a version reads or from disk.
  private func bytes(of file: ContentFile?) -> [UInt8]? {
    guard let file else { return nil }
    if let held = place.sources?.files[file.sitePath] { return held }
    return (try? Data(contentsOf: file.url)).map { [UInt8]($0) }
  }
}
