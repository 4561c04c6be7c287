import CvsiteCore
import CvsiteMarkdown

/// Reads a page's settings from its front matter into a ``PageMetadata``, each problem
/// placed on the line of the key it is about.
struct PageMetadataReader {
  let matter: FrontMatter
  let path: String
  var metadata: PageMetadata
  var diagnostics: [Diagnostic] = []

  init(matter: FrontMatter, path: String, title: String) {
    self.matter = matter
    self.path = path
    self.metadata = PageMetadata(title: title)
  }

  private mutating func problem(
    _ key: String, _ message: String, suggestion: String? = nil, severity: Diagnostic.Severity = .error
  ) {
    let written = matter.keyLines[key]
    diagnostics.append(
      Diagnostic(
        severity, message, at: SourceLocation(path: path, line: written?.line ?? 1, column: 1),
        sourceLine: written?.text, suggestion: suggestion))
  }

  /// The value of `key` as one text; nil when absent or null, a problem when a list or map.
  private mutating func text(_ key: String) -> String? {
    guard let value = matter.fields[key], value != .null else { return nil }
    guard let text = value.text else {
      problem(key, "`\(key)` must be a single value")
      return nil
    }
    return text
  }

  /// The value of `key` as texts: a list, or one text.
  private mutating func texts(_ key: String) -> [String] {
    switch matter.fields[key] {
    case nil, .null?: return []
    case .list(let items)?:
      let texts = items.compactMap(\.text)
      if texts.count != items.count { problem(key, "`\(key)` must be a list of texts") }
      return texts
    case .string(let single)?: return [single]
    default:
      problem(key, "`\(key)` must be a list of texts")
      return []
    }
  }

  /// A key neither cvsite, the theme (`declared`) nor a taxonomy reads is a warning.
  mutating func warnUnknownKeys(declared: Set<String>, taxonomies: [String]) {
    let unknown = matter.fields.keys.filter {
      !PageMetadata.keys.contains($0) && !declared.contains($0) && !taxonomies.contains($0)
    }
    for key in unknown.sorted() {
      problem(
        key, "unknown front-matter key `\(key)`: cvsite and the theme do not read it",
        suggestion: closest(key, PageMetadata.keys + declared.sorted()), severity: .warning)
    }
  }

  /// The title, the syntax, dates, the URL (`slug`, Docusaurus' `id`) and the place in
  /// the navigation (`weight`, the sidebar settings).
  mutating func readNamesAndPlace() {
    if let title = text("title") { metadata.title = title }
    if let title = text("linkTitle") { metadata.navTitle = title }
    if let syntax = text("syntax"), !["cvsite", "docc"].contains(syntax) {
      problem(
        "syntax", "`syntax` is `cvsite` or `docc` (DocC's directives read on this page), not `\(syntax)`",
        suggestion: closest(syntax, ["cvsite", "docc"]))
    }
    metadata.date = date("date")
    if let value = matter.fields["draft"] {
      if case .bool(let flag) = value {
        metadata.draft = flag
      } else {
        problem("draft", "`draft` must be true or false")
      }
    }
    readSlug()
    if let value = matter.fields["weight"] {
      if case .int(let weight) = value {
        metadata.weight = weight
      } else {
        problem("weight", "`weight` must be a whole number")
      }
    }
    var sidebarProblems: [(String, String, Diagnostic.Severity)] = []
    PageMetadata.readSidebar(matter, into: &metadata, problem: { sidebarProblems.append(($0, $1, $2)) })
    for (key, message, severity) in sidebarProblems { problem(key, message, severity: severity) }
  }

  /// A date of the calendar, or a problem.
  private mutating func date(_ key: String) -> String? {
    guard let date = text(key) else { return nil }
    if let why = PageMetadata.dateProblem(date) {
      problem(key, "`\(key)` \(date) \(why)")
      return nil
    }
    return date
  }

  private mutating func readSlug() {
    if let slug = text("slug") {
      if PageURL.isValidSlug(slug) {
        metadata.slug = slug
      } else {
        problem(
          "slug",
          "`slug` must be a path under the page's folder (`setup`, `api/client`) or from the site's root "
            + "(`/guide/setup`), without `.` or `..` segments, `?`, `#`, `%` or a segment over 255 bytes: \(slug)"
        )
      }
    }
    // Docusaurus' `id`: the doc's name in its sidebars, and its URL's last part when no
    // `slug` gives one.
    if metadata.slug == nil, let id = text("id") {
      if PageURL.isValidSlug(id), !id.hasPrefix("/"), !id.contains("/") {
        metadata.slug = id
      } else {
        problem("id", "`id` must be one path segment, without `..`, `?`, `#` or `%`: \(id)")
      }
    }
    if metadata.slug != nil { metadata.slugLine = (matter.keyLines["slug"] ?? matter.keyLines["id"])?.line }
  }

  /// `prev`, `next`, `search` (and Starlight's `pagefind`), `editURL`.
  mutating func readSwitches() {
    for (key, target) in [
      ("prev", \PageMetadata.showsPrevious), ("next", \PageMetadata.showsNext), ("search", \PageMetadata.searchable),
    ] {
      guard let value = matter.fields[key] else { continue }
      switch (key, value) {
      case (_, .bool(let flag)): metadata[keyPath: target] = flag
      // MkDocs Material's `search: {exclude: true}`.
      case ("search", .map(let fields)): metadata.searchable = fields["exclude"] != .bool(true)
      // Starlight's `prev: Label` and `prev: {link, label}` keep the link.
      case ("prev", .string), ("prev", .map), ("next", .string), ("next", .map): break
      default: problem(key, "`\(key)` must be true or false")
      }
    }
    // Starlight's `pagefind: false` leaves the page out of search.
    if matter.fields["pagefind"] == .bool(false) { metadata.searchable = false }
    switch matter.fields["editURL"] {
    case nil, .null?: break
    case .bool(false)?: metadata.editURL = .none
    case .string(let url)?:
      if let message = SiteConfig.absoluteURLProblem(url) {
        problem("editURL", "`editURL` \(message), or false")
      } else {
        metadata.editURL = .url(url)
      }
    default: problem("editURL", "`editURL` must be a URL, or false for no edit link")
    }
  }

  /// `image`, `lastmod`, `description`, `language`.
  mutating func readDescription() {
    if let image = text("image") {
      if image.contains(where: \.isWhitespace) || !URLSafety.isSafe(image) {
        problem("image", "`image` must be a URL or a path without spaces or script schemes")
      } else {
        metadata.image = image
      }
    }
    metadata.lastmod = date("lastmod")
    metadata.description = text("description")
    if let language = text("language") {
      if isLanguageTag(language) {
        metadata.language = language
      } else {
        problem("language", "`language` must be a language tag such as en, fr or pt-BR: \(language)")
      }
    }
  }

  /// `layout`: one of the theme's `layouts` (when given); another generator's layout is
  /// a warning and the theme's default.
  mutating func readLayout(layouts: [String]?, foreignLayouts: Set<String>) {
    metadata.layout = text("layout")
    guard let layout = metadata.layout, let layouts, !layouts.contains(layout) else { return }
    if foreignLayouts.contains(layout) {
      problem(
        "layout", "layout `\(layout)` is the other generator's: the page gets the theme's own layout",
        severity: .warning)
      metadata.layout = nil
    } else {
      problem(
        "layout", "the theme has no layout `\(layout)` (it has \(layouts.map { "`\($0)`" }.joined(separator: ", ")))",
        suggestion: closest(layout, layouts))
    }
  }

  /// `list` (one of the theme's `containers`, or false) and `paginate`.
  mutating func readListing(containers: [String]?) {
    if case .bool(false)? = matter.fields["list"] {
      metadata.listsNothing = true
    } else {
      metadata.list = text("list")
    }
    if let value = matter.fields["paginate"] {
      if case .int(let count) = value, count >= 1 {
        metadata.paginate = count
      } else {
        problem("paginate", "`paginate` must be a whole number of pages per listing page, 1 or more")
      }
    }
    if let list = metadata.list, let containers, !containers.contains(list) {
      problem(
        "list", "`list` names `\(list)`, which is not a container of the theme",
        suggestion: closest(list, containers))
    }
  }

  /// `aliases`, `tags` and the terms of each taxonomy, trimmed, empty ones left out.
  mutating func readTermsAndAliases(taxonomies: [String]) {
    metadata.aliases = texts("aliases")
    metadata.tags = texts("tags")
    for taxonomy in taxonomies {
      let terms = taxonomy == "tags" ? metadata.tags : texts(taxonomy)
      let kept = terms.map { term -> String in
        guard term.first?.isWhitespace == true || term.last?.isWhitespace == true else { return term }
        let start = term.firstIndex { !$0.isWhitespace } ?? term.endIndex
        let end = term.lastIndex { !$0.isWhitespace }.map(term.index(after:)) ?? start
        return start < end ? String(term[start..<end]) : ""
      }.filter { !$0.isEmpty }
      if !kept.isEmpty { metadata.terms[taxonomy] = kept }
    }
    if !metadata.aliases.isEmpty { metadata.aliasesLine = matter.keyLines["aliases"]?.line }
    for alias in metadata.aliases where !PageURL.isValidAlias(alias) {
      problem("aliases", "alias `\(alias)` must be a site path starting with `/`, without `..`")
    }
    metadata.aliases.removeAll { !PageURL.isValidAlias($0) }
  }
}
